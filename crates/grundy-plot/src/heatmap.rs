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
