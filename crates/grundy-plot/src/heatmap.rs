//! The heatmap of a table G(i, j): i down the rows as in a printed table,
//! j along the columns, a colour bar beside it.

use grundy::api::values::Grid;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::colour::{color, value_bar, BarPlace};
use crate::{
    font, render, span, titled, Format, Picture, PlotError, Result, AXIS, GREY, INK, LABEL, TITLE,
};

/// Room left of the cells for the i labels and the axis name.
const LEFT: i32 = 80;
/// Room above the cells for the title.
const TOP: i32 = 56;
/// Room below the cells for the j labels and the axis name.
const BOTTOM: i32 = 64;
/// Room right of the cells for the colour bar and its labels.
const BAR: i32 = 150;

struct Heatmap<'a> {
    grid: &'a Grid,
    first: u64,
    max: u64,
    /// Pixels per cell.
    cell: i32,
}

impl Heatmap<'_> {
    fn rows(&self) -> u64 {
        self.grid.rows() as u64
    }

    fn cols(&self) -> u64 {
        self.grid.cols() as u64
    }

    fn title(&self) -> String {
        let (rows, cols) = (self.rows(), self.cols());
        let what = if rows == cols {
            format!("G(i, j) for i, j = {}", span(self.first, rows))
        } else {
            format!(
                "G(i, j) for i = {}, j = {}",
                span(self.first, rows),
                span(self.first, cols)
            )
        };
        titled(self.grid.game(), &what)
    }

    /// Pixel size of the cells' area.
    fn plot_size(&self) -> (i32, i32) {
        (
            self.cell * self.cols().max(1) as i32,
            self.cell * self.rows().max(1) as i32,
        )
    }
}

impl Picture for Heatmap<'_> {
    fn size(&self) -> (u32, u32) {
        let (w, h) = self.plot_size();
        // The colour bar needs some height whatever the table's, and the
        // title its width.
        let h = h.max(260);
        let title = font(TITLE)
            .font
            .box_size(&self.title())
            .map_or(0, |(w, _)| w as i32);
        let w = (LEFT + w + BAR).max(title + 40);
        (w as u32, (TOP + h + BOTTOM) as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (w, h) = self.plot_size();
        // The title over the whole picture, which is at least as wide.
        let body = root
            .titled(&self.title(), font(TITLE))
            .map_err(PlotError::new)?;
        let (main, side) = body.split_horizontally(LEFT + w + 16);
        self.cells(&main)?;
        let place = BarPlace {
            top: 46,
            bottom: h.max(260) - 6,
            left: 12,
        };
        value_bar(&side, place, self.max, "G(i, j)")
    }
}

impl Heatmap<'_> {
    /// The cells, with the title and both axes: cell (r, c) is the unit
    /// square centred on (c, −r), so that i grows downwards as in a
    /// printed table and tick labels fall on cells' centres.
    fn cells<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        let (rows, cols, first) = (self.rows().max(1), self.cols().max(1), self.first);
        let (w, h) = self.plot_size();
        let mut chart = ChartBuilder::on(area)
            .margin_top(16)
            .margin_right(16)
            .x_label_area_size(BOTTOM)
            .y_label_area_size(LEFT - 8)
            .build_cartesian_2d(-0.5..cols as f64 - 0.5, -(rows as f64) + 0.5..0.5)
            .map_err(PlotError::new)?;
        // Labels on whole numbers only: a cell's index, i below zero.
        let index = move |v: f64, sign: f64| {
            let k = v * sign;
            if v.fract() == 0.0 && k >= 0.0 {
                (first + k as u64).to_string()
            } else {
                String::new()
            }
        };
        let x_label = move |v: &f64| index(*v, 1.0);
        let y_label = move |v: &f64| index(*v, -1.0);
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(labels(cols, w))
            .y_labels(labels(rows, h))
            .x_label_formatter(&x_label)
            .y_label_formatter(&y_label)
            .x_desc("j")
            .y_desc("i")
            .axis_desc_style(font(AXIS))
            .label_style(font(LABEL))
            .axis_style(INK)
            .draw()
            .map_err(PlotError::new)?;
        if rows * cols > VECTOR_CELLS {
            let plot = chart.plotting_area().strip_coord_spec();
            return self.bitmap(&plot);
        }
        for (r, row) in self.grid.iter_rows().enumerate() {
            let y = -(r as f64);
            // Runs of equal cells as one rectangle keep SVG files small.
            let mut c = 0;
            while c < row.len() {
                let run = row[c..].iter().take_while(|v| **v == row[c]).count();
                let fill = row[c].map_or(GREY, |v| color(v, self.max));
                let (x0, x1) = (c as f64 - 0.5, (c + run) as f64 - 0.5);
                let rect = Rectangle::new([(x0, y + 0.5), (x1, y - 0.5)], fill.filled());
                chart.draw_series([rect]).map_err(PlotError::new)?;
                c += run;
            }
        }
        Ok(())
    }
}

impl Heatmap<'_> {
    /// The cells as one bitmap filling `plot`, each pixel the colour of
    /// the cell under it: a large table's SVG then holds one image instead
    /// of a rectangle per cell (Nim's 1024 × 1024 table: about 1 MB instead
    /// of 90).
    fn bitmap<DB: DrawingBackend>(&self, plot: &DrawingArea<DB, Shift>) -> Result<()> {
        let (w, h) = plot.dim_in_pixel();
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let values = self.grid.values();
        let mut rgb = Vec::with_capacity(w as usize * h as usize * 3);
        for py in 0..h as usize {
            let r = py * rows / h as usize;
            for px in 0..w as usize {
                let c = px * cols / w as usize;
                let RGBColor(red, green, blue) =
                    values[r * cols + c].map_or(GREY, |v| color(v, self.max));
                rgb.extend([red, green, blue]);
            }
        }
        let image = BitMapElement::with_owned_buffer((0, 0), (w, h), rgb)
            .ok_or_else(|| PlotError::new("the heatmap's bitmap has the wrong size"))?;
        plot.draw(&image).map_err(PlotError::new)
    }
}

/// Up to this many cells a heatmap draws a rectangle per run of equal
/// cells (sharp at any zoom in SVG); past it, one bitmap.
const VECTOR_CELLS: u64 = 128 * 128;

/// How many tick labels an axis of `count` cells over `pixels` takes: one
/// per cell while they are 40 pixels apart, fewer after.
fn labels(count: u64, pixels: i32) -> usize {
    (count as usize).min((pixels / 40).max(2) as usize)
}

/// Writes a heatmap of the table `grid` (row r is i = first + r, column c
/// is j = first + c; unknown values drawn light grey) as the bytes of a
/// file: titled with the game and the range, i and j named on their axes,
/// colours by viridis (0, the P-positions, darkest) explained by a colour
/// bar. Readable up to 1024 × 1024 cells (one pixel per cell from about
/// 900 cells on).
///
/// # Errors
/// [`PlotError`] if plotters or the PNG encoder fail.
pub fn heatmap(grid: &Grid, format: Format) -> Result<Vec<u8>> {
    let size = grid.rows().max(grid.cols()).max(1);
    let map = Heatmap {
        grid,
        first: grid.shape().first(),
        max: grid.max_value(),
        cell: (900 / size as i32).clamp(1, 32),
    };
    render(&map, format)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::api::values::{grid, Defaults, Kind, ShapeRequest};

    /// Nim's table of two heaps, G(i, j) = i XOR j.
    fn nim(size: u64) -> Grid {
        let asked = ShapeRequest {
            rows: Some(size),
            cols: Some(size),
            len: None,
            from: None,
        };
        let defaults = Defaults {
            kind: Some(Kind::Table),
            ..Defaults::default()
        };
        grid(
            &"nim".into(),
            &asked,
            defaults,
            grundy::api::Limits::default(),
        )
        .unwrap()
    }

    fn svg(size: u64) -> String {
        String::from_utf8(heatmap(&nim(size), Format::Svg).unwrap()).unwrap()
    }

    #[test]
    fn a_small_table_is_rectangles_with_a_title_and_axis_names() {
        let text = svg(8);
        for words in ["nim: G(i, j) for i, j = 0..7", "i", "j", "G(i, j)"] {
            assert!(text.contains(&format!(">\n{words}\n</text>")), "{words}");
        }
        // A run of equal cells is one rectangle; XOR rows have none, and
        // every value 0..7 has its swatch.
        assert!(text.matches("<rect").count() >= 64 + 8);
        assert!(!text.contains("<image"));
    }

    #[test]
    fn a_large_table_is_one_bitmap_in_svg() {
        let text = svg(200);
        assert_eq!(text.matches("<image").count(), 1);
        assert!(text.contains("href=\"data:image/png;base64,iVBOR"));
        assert!(text.len() < 400_000, "{} bytes", text.len());
    }
}
