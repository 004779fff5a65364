//! Pictures of Grundy values: a heatmap of a table G(i, j) and a plot of a
//! sequence G(n) against n, as the bytes of a PNG or SVG file. Every front
//! end draws with these (the command line writes the bytes to a file, the
//! Python package shows them in a notebook), so a picture looks the same
//! everywhere; nothing here opens a file.
//!
//! Text is drawn with a small built-in pixel font (digits and a few letters)
//! made of rectangles, so pictures need no system font: plotters' own text
//! needs font files that a bare machine may not have.

use grundy::api::values::Grid;
use image::ImageEncoder;
use plotters::coord::Shift;
use plotters::prelude::*;

/// PNG or SVG, chosen by the command's flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A bitmap.
    Png,
    /// Vector graphics.
    Svg,
}

/// The colour of Grundy value `v` when values go up to `max`: P-positions
/// (value 0) are black; other values run through light hues, none dark, so
/// the zeros stand out.
pub fn color(v: u64, max: u64) -> RGBColor {
    if v == 0 {
        return RGBColor(0, 0, 0);
    }
    let t = if max <= 1 {
        0.0
    } else {
        (v - 1) as f64 / (max - 1) as f64
    };
    let (r, g, b) = HSLColor(0.75 * (1.0 - t) * 0.9, 0.8, 0.6).rgb();
    RGBColor(r, g, b)
}

const GLYPHS: &[(char, [u8; 5])] = &[
    ('0', [7, 5, 5, 5, 7]),
    ('1', [2, 6, 2, 2, 7]),
    ('2', [7, 1, 7, 4, 7]),
    ('3', [7, 1, 7, 1, 7]),
    ('4', [5, 5, 7, 1, 1]),
    ('5', [7, 4, 7, 1, 7]),
    ('6', [7, 4, 7, 5, 7]),
    ('7', [7, 1, 1, 1, 1]),
    ('8', [7, 5, 7, 5, 7]),
    ('9', [7, 5, 7, 1, 7]),
    ('P', [6, 5, 6, 4, 4]),
    ('G', [7, 4, 5, 5, 7]),
    ('i', [2, 0, 2, 2, 2]),
    ('j', [1, 0, 1, 5, 7]),
    ('n', [0, 6, 5, 5, 5]),
    ('=', [0, 7, 0, 7, 0]),
    ('-', [0, 0, 7, 0, 0]),
    ('.', [0, 0, 0, 0, 2]),
    ('?', [7, 1, 3, 0, 2]),
];

/// Draws `text` with its top-left corner at `(x, y)`, each font pixel `scale`
/// pixels wide; unknown characters are left blank.
fn text<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    s: &str,
    (x, y): (i32, i32),
    scale: i32,
    c: RGBColor,
) -> Result<()> {
    for (k, ch) in s.chars().enumerate() {
        let Some((_, rows)) = GLYPHS.iter().find(|(g, _)| *g == ch) else {
            continue;
        };
        let x0 = x + k as i32 * 4 * scale;
        for (r, bits) in rows.iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) != 0 {
                    let (px, py) = (x0 + col * scale, y + r as i32 * scale);
                    rect(area, (px, py), (px + scale, py + scale), c)?;
                }
            }
        }
    }
    Ok(())
}

fn text_width(s: &str, scale: i32) -> i32 {
    s.chars().count() as i32 * 4 * scale
}

fn rect<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x0, y0): (i32, i32),
    (x1, y1): (i32, i32),
    c: RGBColor,
) -> Result<()> {
    area.draw(&Rectangle::new([(x0, y0), (x1, y1)], c.filled()))
        .map_err(PlotError::new)
}

/// A step between labels (1, 2, 5, 10, 20, 50, ...) so that labels `cell`
/// pixels apart per unit are at least `gap` pixels apart.
fn label_step(cell: f64, gap: i32) -> u64 {
    let mut step = 1u64;
    let mut k = 0;
    while step as f64 * cell < f64::from(gap) {
        k += 1;
        step = [1, 2, 5][k % 3] * 10u64.pow(k as u32 / 3);
    }
    step
}

/// Something drawable on any plotters backend.
trait Picture {
    fn size(&self) -> (u32, u32);
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()>;
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
#[error("drawing failed: {reason}")]
pub struct PlotError {
    reason: String,
}

impl PlotError {
    fn new(e: impl std::fmt::Display) -> PlotError {
        PlotError {
            reason: e.to_string(),
        }
    }
}

type Result<T> = std::result::Result<T, PlotError>;

/// Draws `p` on a white page and returns the file's bytes.
fn render(p: &impl Picture, format: Format) -> Result<Vec<u8>> {
    let (w, h) = p.size();
    match format {
        Format::Png => {
            let mut rgb = vec![0u8; w as usize * h as usize * 3];
            {
                let area = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
                area.fill(&WHITE).map_err(PlotError::new)?;
                p.draw(&area)?;
                area.present().map_err(PlotError::new)?;
            }
            let mut png = Vec::new();
            image::codecs::png::PngEncoder::new(&mut png)
                .write_image(&rgb, w, h, image::ColorType::Rgb8)
                .map_err(PlotError::new)?;
            Ok(png)
        }
        Format::Svg => {
            let mut svg = String::new();
            {
                let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
                area.fill(&WHITE).map_err(PlotError::new)?;
                p.draw(&area)?;
                area.present().map_err(PlotError::new)?;
            }
            Ok(svg.into_bytes())
        }
    }
}

const FONT: i32 = 2;
const CHAR: i32 = 4 * FONT;
const LINE: i32 = 5 * FONT;
const GREY: RGBColor = RGBColor(160, 160, 160);
const INK: RGBColor = RGBColor(40, 40, 40);

/// The legend: one swatch per value when there are few, else a swatch for
/// 0 and a colour bar for 1..max. Returns its height.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    max: u64,
) -> Result<i32> {
    let sw = 16;
    rect(area, (x - 1, y - 1), (x + sw + 1, y + sw + 1), GREY)?;
    rect(area, (x, y), (x + sw, y + sw), color(0, max))?;
    text(area, "0 P", (x + sw + 6, y + 3), FONT, INK)?;
    if max == 0 {
        return Ok(sw);
    }
    let y = y + sw + 8;
    if max <= 24 {
        for v in 1..=max {
            let yv = y + (v as i32 - 1) * (sw + 4);
            rect(area, (x, yv), (x + sw, yv + sw), color(v, max))?;
            text(area, &v.to_string(), (x + sw + 6, yv + 3), FONT, INK)?;
        }
        return Ok(sw + 8 + max as i32 * (sw + 4));
    }
    let bar = 256;
    for k in 0..bar {
        let v = 1 + (max - 1) * k as u64 / (bar as u64 - 1);
        rect(area, (x, y + k), (x + sw, y + k + 1), color(v, max))?;
    }
    text(area, "1", (x + sw + 6, y), FONT, INK)?;
    text(
        area,
        &max.to_string(),
        (x + sw + 6, y + bar - LINE),
        FONT,
        INK,
    )?;
    Ok(sw + 8 + bar)
}

/// A heatmap of a table: row r is i = first + r, column c is j = first + c.
struct Heatmap<'a> {
    grid: &'a Grid,
    first: u64,
    max: u64,
    cell: i32,
    left: i32,
    top: i32,
}

impl Heatmap<'_> {
    fn cols(&self) -> i32 {
        self.grid.cols() as i32
    }
    fn legend_x(&self) -> i32 {
        self.left + self.cols() * self.cell + 24
    }
}

impl Picture for Heatmap<'_> {
    fn size(&self) -> (u32, u32) {
        let width = self.legend_x() + 16 + 6 + CHAR * (self.max.to_string().len() as i32 + 2) + 12;
        let legend = if self.max <= 24 {
            24 + self.max as i32 * 20
        } else {
            24 + 256
        };
        let height = self.top + (self.grid.rows() as i32 * self.cell).max(legend) + 12;
        (width as u32, height as u32)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        let (cell, left, top) = (self.cell, self.left, self.top);
        for (r, row) in self.grid.iter_rows().enumerate() {
            let y = top + r as i32 * cell;
            // Runs of equal cells as one rectangle keep SVG files small.
            let mut c = 0;
            while c < row.len() {
                let run = row[c..].iter().take_while(|v| **v == row[c]).count();
                let fill = row[c].map_or(GREY, |v| color(v, self.max));
                let x = left + c as i32 * cell;
                rect(area, (x, y), (x + run as i32 * cell, y + cell), fill)?;
                c += run;
            }
        }
        let step = label_step(f64::from(cell), 3 * CHAR + 8);
        for r in (0..self.grid.rows() as u64).step_by(step as usize) {
            let label = (self.first + r).to_string();
            let y = top + r as i32 * cell + (cell - LINE) / 2;
            text(
                area,
                &label,
                (left - 6 - text_width(&label, FONT), y),
                FONT,
                INK,
            )?;
        }
        let step = label_step(
            f64::from(cell),
            CHAR * ((self.first.saturating_add(self.cols() as u64))
                .to_string()
                .len() as i32
                + 1),
        );
        for c in (0..self.cols() as u64).step_by(step as usize) {
            let x = left + c as i32 * cell + (cell - CHAR) / 2;
            text(
                area,
                &(self.first + c).to_string(),
                (x, top - LINE - 6),
                FONT,
                INK,
            )?;
        }
        text(area, "i", (4, top - LINE - 6), FONT, INK)?;
        text(area, "j", (left - CHAR, 4), FONT, INK)?;
        legend(area, (self.legend_x(), top), self.max)?;
        Ok(())
    }
}

/// Writes a heatmap of the table `grid` (row r is i = first + r, column c
/// is j = first + c; unknown values drawn grey) as the bytes of a file.
/// P-positions are black; a legend gives each colour's value. Readable up
/// to 1024 × 1024 cells (one pixel per cell from about 900 cells on).
///
/// # Errors
/// [`PlotError`] if plotters or the PNG encoder fail.
pub fn heatmap(grid: &Grid, format: Format) -> Result<Vec<u8>> {
    let size = grid.rows().max(grid.cols()).max(1);
    let first = grid.shape().first();
    // The widest label; saturating, as a table may end at u64::MAX.
    let last = first.saturating_add(size as u64);
    let map = Heatmap {
        grid,
        first,
        max: grid.max_value(),
        cell: (900 / size as i32).clamp(1, 32),
        left: text_width(&last.to_string(), FONT) + 24,
        top: 2 * LINE + 16,
    };
    render(&map, format)
}

/// A plot of G(n) against n: a bar per n, P-positions marked black below
/// the axis.
struct Sequence<'a> {
    values: &'a [Option<u64>],
    first: u64,
    max: u64,
    dx: i32,
    /// Pixels per unit of value.
    dy: f64,
    left: i32,
    top: i32,
}

impl Sequence<'_> {
    fn axis_y(&self) -> i32 {
        self.top + self.height(self.max)
    }

    fn height(&self, v: u64) -> i32 {
        (v as f64 * self.dy).round() as i32
    }
}

impl Picture for Sequence<'_> {
    fn size(&self) -> (u32, u32) {
        let width = self.left + self.values.len() as i32 * self.dx + 24;
        let height = self.axis_y() + 12 + LINE + 16;
        (width as u32, height as u32)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        let (dx, left, axis) = (self.dx, self.left, self.axis_y());
        let gap = i32::from(dx >= 4);
        for (k, v) in self.values.iter().enumerate() {
            let x = left + k as i32 * dx;
            match v {
                Some(0) => rect(area, (x, axis + 2), (x + dx - gap, axis + 8), color(0, 1))?,
                Some(v) => {
                    let h = self.height(*v);
                    rect(
                        area,
                        (x, axis - h),
                        (x + dx - gap, axis),
                        color(*v, self.max),
                    )?;
                }
                None => rect(area, (x, self.top), (x + dx - gap, axis), GREY)?,
            }
        }
        rect(area, (left - 2, self.top), (left, axis + 1), INK)?;
        rect(
            area,
            (left - 2, axis),
            (left + self.values.len() as i32 * dx, axis + 1),
            INK,
        )?;
        for v in (0..=self.max).step_by(label_step(self.dy, LINE + 6) as usize) {
            let label = v.to_string();
            let y = axis - self.height(v) - LINE / 2;
            text(
                area,
                &label,
                (left - 8 - text_width(&label, FONT), y),
                FONT,
                INK,
            )?;
        }
        let digits = (self.first + self.values.len() as u64).to_string().len() as i32;
        for k in (0..self.values.len() as u64)
            .step_by(label_step(f64::from(dx), CHAR * (digits + 1)) as usize)
        {
            let x = left + k as i32 * dx;
            text(
                area,
                &(self.first + k).to_string(),
                (x, axis + 12),
                FONT,
                INK,
            )?;
        }
        text(area, "G", (4, 4), FONT, INK)?;
        text(
            area,
            "n",
            (left + self.values.len() as i32 * dx + 8, axis - LINE / 2),
            FONT,
            INK,
        )?;
        Ok(())
    }
}

/// Writes a plot of the sequence `values` (G(first), G(first + 1), ...;
/// `None` where unknown, drawn as a grey bar) as the bytes of a file: one coloured bar
/// per n, with P-positions (value 0) marked black under the axis.
///
/// # Errors
/// [`PlotError`] if plotters or the PNG encoder fail.
pub fn sequence_plot(values: &[Option<u64>], first: u64, format: Format) -> Result<Vec<u8>> {
    let max = values.iter().flatten().copied().max().unwrap_or(0).max(1);
    let plot = Sequence {
        values,
        first,
        max,
        dx: (1200 / values.len().max(1) as i32).clamp(1, 16),
        dy: (360.0 / max as f64).min(24.0),
        left: text_width(&max.to_string(), FONT) + 24,
        top: LINE + 16,
    };
    render(&plot, format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_plots_are_written() {
        // Subtraction game {1, 2, 3}: G(n) = n mod 4, with unknown values at the end.
        let mut values: Vec<Option<u64>> = (0..200).map(|n| Some(n % 4)).collect();
        values.push(None);
        let bytes = sequence_plot(&values, 0, Format::Png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 1000);
        let text = String::from_utf8(sequence_plot(&values, 0, Format::Svg).unwrap()).unwrap();
        assert!(text.starts_with("<svg") && text.matches("<rect").count() > 200);
    }

    #[test]
    fn zero_is_black_and_other_values_are_light() {
        assert_eq!(color(0, 9), RGBColor(0, 0, 0));
        for v in 1..=9 {
            let RGBColor(r, g, b) = color(v, 9);
            assert!(u32::from(r) + u32::from(g) + u32::from(b) > 200, "{v}");
        }
        assert_eq!(label_step(1.0, 40), 50);
        assert_eq!(label_step(30.0, 20), 1);
    }
}
