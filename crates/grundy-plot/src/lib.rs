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
        Axes {
            left,
            top: self.top,
            axis,
            width: self.values.len() as i32 * dx,
            max: self.max,
            per_value: self.dy,
            first: self.first,
            len: self.values.len() as u64,
            per_n: f64::from(dx),
            pad: 1,
        }
        .draw(area)
    }
}

/// The width in pixels of a sequence plot's area: up to this many values
/// get a bar each; more are binned into this many columns.
pub const PLOT_WIDTH: usize = 1200;

/// The height in pixels of a density plot's area.
const DENSITY_HEIGHT: i32 = 400;

/// A long sequence as a fixed-size density plot (as CGSuite's scatter
/// plots show long sequences): column `x` holds the values of the n in its
/// bin, each pixel as dark as the share of those n whose value falls in its
/// row (on a log scale, so that a value met once still shows); a strip under
/// the axis is as dark as the share of P-positions (value 0) in the bin.
struct Density {
    first: u64,
    len: u64,
    max: u64,
    /// `counts[x][y]`: how many n of column x have a value in row y (row 0
    /// at the bottom).
    counts: Vec<Vec<u32>>,
    zeros: Vec<u32>,
    unknown: Vec<u32>,
    rows: i32,
    left: i32,
    top: i32,
}

impl Density {
    fn new(values: &[Option<u64>], first: u64, max: u64) -> Density {
        let len = values.len();
        let rows = DENSITY_HEIGHT.min(i32::try_from(max + 1).unwrap_or(DENSITY_HEIGHT));
        let mut counts = vec![vec![0u32; rows as usize]; PLOT_WIDTH];
        let (mut zeros, mut unknown) = (vec![0u32; PLOT_WIDTH], vec![0u32; PLOT_WIDTH]);
        for (k, v) in values.iter().enumerate() {
            let x = k * PLOT_WIDTH / len;
            match v {
                Some(v) => {
                    let y = (*v as u128 * rows as u128 / (max as u128 + 1)) as usize;
                    counts[x][y] += 1;
                    zeros[x] += u32::from(*v == 0);
                }
                None => unknown[x] += 1,
            }
        }
        Density {
            first,
            len: len as u64,
            max,
            counts,
            zeros,
            unknown,
            rows,
            left: text_width(&max.to_string(), FONT) + 24,
            top: LINE + 16,
        }
    }

    fn row_height(&self) -> i32 {
        DENSITY_HEIGHT / self.rows
    }

    fn axis_y(&self) -> i32 {
        self.top + self.rows * self.row_height()
    }
}

/// Grey from white (none) to ink (all), on a log scale of `count` of `total`.
fn shade(count: u32, total: u32) -> RGBColor {
    let t = (1.0 + f64::from(count)).ln() / (1.0 + f64::from(total.max(1))).ln();
    let t = 0.25 + 0.75 * t.clamp(0.0, 1.0);
    let c = |ink: u8| (255.0 - t * (255.0 - f64::from(ink))).round() as u8;
    RGBColor(c(INK.0), c(INK.1), c(INK.2))
}

impl Picture for Density {
    fn size(&self) -> (u32, u32) {
        let width = self.left + PLOT_WIDTH as i32 + 24;
        let height = self.axis_y() + 12 + LINE + 16;
        (width as u32, height as u32)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        let (left, axis, h) = (self.left, self.axis_y(), self.row_height());
        for x in 0..PLOT_WIDTH {
            let px = left + x as i32;
            let total: u32 = self.counts[x].iter().sum::<u32>() + self.unknown[x];
            if self.unknown[x] > 0 {
                rect(area, (px, self.top), (px + 1, axis), GREY)?;
            }
            for (y, &c) in self.counts[x].iter().enumerate() {
                if c > 0 {
                    let py = axis - (y as i32 + 1) * h;
                    rect(area, (px, py), (px + 1, py + h), shade(c, total))?;
                }
            }
            if self.zeros[x] > 0 {
                rect(
                    area,
                    (px, axis + 2),
                    (px + 1, axis + 8),
                    shade(self.zeros[x], total),
                )?;
            }
        }
        Axes {
            left,
            top: self.top,
            axis,
            width: PLOT_WIDTH as i32,
            max: self.max,
            per_value: f64::from(self.rows * h) / (self.max as f64 + 1.0),
            first: self.first,
            len: self.len,
            per_n: PLOT_WIDTH as f64 / self.len as f64,
            pad: 2,
        }
        .draw(area)
    }
}

/// The axes of a sequence plot, its value labels up the left and its n
/// labels along the bottom, shared by the bar and the density plots.
struct Axes {
    left: i32,
    top: i32,
    /// The y of the n axis.
    axis: i32,
    /// The width of the plotted area, in pixels.
    width: i32,
    max: u64,
    /// Pixels per unit of value.
    per_value: f64,
    first: u64,
    /// How many values of n the width covers.
    len: u64,
    /// Pixels per value of n.
    per_n: f64,
    /// Characters of space kept between two n labels.
    pad: i32,
}

impl Axes {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        let (left, axis) = (self.left, self.axis);
        rect(area, (left - 2, self.top), (left, axis + 1), INK)?;
        rect(area, (left - 2, axis), (left + self.width, axis + 1), INK)?;
        for v in (0..=self.max).step_by(label_step(self.per_value, LINE + 6) as usize) {
            let label = v.to_string();
            let y = axis - (v as f64 * self.per_value).round() as i32 - LINE / 2;
            text(
                area,
                &label,
                (left - 8 - text_width(&label, FONT), y),
                FONT,
                INK,
            )?;
        }
        let digits = (self.first + self.len).to_string().len() as i32;
        let step = label_step(self.per_n, CHAR * (digits + self.pad)) as usize;
        for k in (0..self.len).step_by(step) {
            let x = left + (k as f64 * self.per_n) as i32;
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
            (left + self.width + 8, axis - LINE / 2),
            FONT,
            INK,
        )?;
        Ok(())
    }
}

/// Writes a plot of the sequence `values` (G(first), G(first + 1), ...;
/// `None` where unknown, drawn grey) as the bytes of a file, at most
/// [`PLOT_WIDTH`] pixels wide whatever the length: up to that many values,
/// one coloured bar per n, with P-positions (value 0) marked black under
/// the axis; more, a density plot of the values in bins of n (see
/// `Density`), P-positions' share in a strip under the axis.
///
/// # Errors
/// [`PlotError`] if plotters or the PNG encoder fail.
pub fn sequence_plot(values: &[Option<u64>], first: u64, format: Format) -> Result<Vec<u8>> {
    let max = values.iter().flatten().copied().max().unwrap_or(0).max(1);
    if values.len() > PLOT_WIDTH {
        return render(&Density::new(values, first, max), format);
    }
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
    fn a_long_sequence_is_binned_into_a_picture_of_fixed_width() {
        // 10^5 values of n mod 7 with a rare large value: 1200 columns, each
        // with the seven values; the width does not grow with the length.
        let mut values: Vec<Option<u64>> = (0..100_000).map(|n| Some(n % 7)).collect();
        values[5] = Some(1000);
        let d = Density::new(&values, 0, 1000);
        assert_eq!(d.counts.len(), PLOT_WIDTH);
        assert_eq!(
            d.counts
                .iter()
                .flatten()
                .map(|&c| u64::from(c))
                .sum::<u64>(),
            100_000
        );
        assert_eq!(
            d.zeros.iter().map(|&z| u64::from(z)).sum::<u64>(),
            100_000 / 7 + 1
        );
        // The value 1000 is in the top row of the first column.
        assert_eq!(d.counts[0][d.rows as usize - 1], 1);
        let (w, h) = d.size();
        assert!(w < 1400 && h < 500, "{w} x {h}");
        let png = sequence_plot(&values, 0, Format::Png).unwrap();
        assert_eq!(&png[16..20], &w.to_be_bytes());
        assert!(shade(1, 1000) != shade(1000, 1000));
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
