//! The scatter plot of a sequence G(n) against n (as CGSuite's scatter
//! plots): a point per n while there is room, else a mark per bucket of n
//! and value, coloured by how many n it stands for; the period marked when
//! one is proven.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::colour::{count_bar, count_shade, shade, BarPlace};
use crate::{
    font, render, span, titled, Format, Picture, PlotError, Result, AXIS, GREY, INK, LABEL, TITLE,
};

/// A proven period: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first n of the periodic part.
    pub preperiod: u64,
    /// The length of the period.
    pub period: u64,
}

/// A sequence to plot: G(first), G(first + 1), ... (`None` where unknown,
/// drawn as a grey band), titled with `name` (the game or rule; may be
/// empty), with `period` marked if one is proven.
#[derive(Clone, Copy, Debug)]
pub struct SequenceChart<'a> {
    /// The values, from G(first) on.
    pub values: &'a [Option<u64>],
    /// The n of the first value.
    pub first: u64,
    /// The game or rule, for the title.
    pub name: &'a str,
    /// The period, when one is proven.
    pub period: Option<Period>,
}

/// The size of a sequence picture, and of its plotted area inside it.
const WIDTH: u32 = 1100;
const HEIGHT: u32 = 560;
/// The width of the panel right of the plot that holds its legend.
const SIDE: i32 = 190;
/// Pixels per n from which each n gets a point of its own (points of
/// neighbours overlap a little below 3 pixels, and still read as points).
const POINT_SPACING: f64 = 0.75;
/// The colour of the points and of the legend's point.
const POINT: f64 = 0.28;

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

impl SequenceChart<'_> {
    /// The picture's bytes.
    ///
    /// # Errors
    /// [`PlotError`] if plotters or the PNG encoder fail.
    pub fn render(&self, format: Format) -> Result<Vec<u8>> {
        render(self, format)
    }

    fn len(&self) -> u64 {
        self.values.len() as u64
    }

    fn max(&self) -> u64 {
        self.values
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0)
            .max(1)
    }

    fn title(&self) -> String {
        let what = format!("G(n) for n = {}", span(self.first, self.len()));
        titled(self.name, &what)
    }

    /// The chart with its title, axes, their names and tick labels.
    fn chart<'a, DB: DrawingBackend>(
        &self,
        area: &'a DrawingArea<DB, Shift>,
    ) -> Result<Chart<'a, DB>> {
        let (first, len, max) = (
            self.first as f64,
            self.len().max(1) as f64,
            self.max() as f64,
        );
        let pad = (max * 0.03).max(0.5);
        let mut chart = ChartBuilder::on(area)
            .caption(self.title(), font(TITLE))
            .margin(14)
            .x_label_area_size(52)
            .y_label_area_size(72)
            .build_cartesian_2d(first - 0.5..first + len - 0.5, -pad..max + pad)
            .map_err(PlotError::new)?;
        let whole = |v: &f64| {
            if v.fract() == 0.0 && *v >= 0.0 {
                format!("{v:.0}")
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .light_line_style(RGBColor(238, 238, 238))
            .bold_line_style(RGBColor(225, 225, 225))
            .x_labels(10)
            .y_labels((self.max() + 1).min(10) as usize)
            .x_label_formatter(&whole)
            .y_label_formatter(&whole)
            .x_desc("n")
            .y_desc("G(n)")
            .axis_desc_style(font(AXIS))
            .label_style(font(LABEL))
            .axis_style(INK)
            .draw()
            .map_err(PlotError::new)?;
        Ok(chart)
    }

    /// Grey bands where values are unknown, and the first period shaded
    /// with a line where it starts.
    fn backdrop<DB: DrawingBackend>(&self, chart: &mut Chart<'_, DB>) -> Result<()> {
        let std::ops::Range { start: y0, end: y1 } = chart.y_range();
        let unknown = self.values.iter().enumerate().filter(|(_, v)| v.is_none());
        let bands = unknown.map(|(k, _)| {
            let n = (self.first + k as u64) as f64;
            Rectangle::new([(n - 0.5, y0), (n + 0.5, y1)], GREY.filled())
        });
        chart.draw_series(bands).map_err(PlotError::new)?;
        if let Some(p) = self.period {
            let (pre, end) = (
                p.preperiod as f64 - 0.5,
                (p.preperiod + p.period) as f64 - 0.5,
            );
            let band = Rectangle::new([(pre, y0), (end, y1)], period_colour().mix(0.18).filled());
            chart.draw_series([band]).map_err(PlotError::new)?;
            let line = PathElement::new([(pre, y0), (pre, y1)], period_colour().stroke_width(2));
            chart.draw_series([line]).map_err(PlotError::new)?;
        }
        Ok(())
    }

    /// A point per n.
    fn points<DB: DrawingBackend>(&self, chart: &mut Chart<'_, DB>, spacing: f64) -> Result<()> {
        let radius = (spacing * 0.35).clamp(1.5, 4.0).round() as i32;
        let known = self.values.iter().enumerate();
        let points = known.filter_map(|(k, v)| {
            let n = (self.first + k as u64) as f64;
            v.map(|v| Circle::new((n, v as f64), radius, shade(POINT).filled()))
        });
        chart.draw_series(points).map_err(PlotError::new)?;
        Ok(())
    }

    /// A mark per pixel column and value row, standing for the n of the
    /// column with that value; returns how many n a column holds at most.
    fn buckets<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        chart: &Chart<'_, DB>,
    ) -> Result<u64> {
        let (xs, _) = chart.plotting_area().get_pixel_range();
        let columns = (xs.end - xs.start).max(1) as usize;
        let len = self.values.len();
        let per_column = len.div_ceil(columns) as u64;
        let row = |v: u64| chart.backend_coord(&(0.0, v as f64)).1;
        // Rows a value apart; a mark is as tall as that, up to 3 pixels.
        let half = ((row(0) - row(1)).clamp(1, 3) - 1) / 2;
        let mut ys: Vec<i32> = Vec::new();
        for x in 0..columns {
            let (lo, hi) = (x * len / columns, (x + 1) * len / columns);
            ys.clear();
            ys.extend(self.values[lo..hi].iter().flatten().map(|&v| row(v)));
            ys.sort_unstable();
            let px = xs.start + x as i32;
            for run in ys.chunk_by(|a, b| a == b) {
                let c = count_shade(run.len() as u64, per_column);
                let y = run[0];
                // Two pixels wide, over the next column's first: a lone
                // value still shows.
                let mark = Rectangle::new([(px, y - half), (px + 2, y + half + 1)], c.filled());
                area.draw(&mark).map_err(PlotError::new)?;
            }
        }
        Ok(per_column)
    }
}

fn period_colour() -> RGBColor {
    RGBColor(214, 96, 20)
}

impl Picture for SequenceChart<'_> {
    fn size(&self) -> (u32, u32) {
        (WIDTH, HEIGHT)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let (main, side) = root.split_horizontally(WIDTH as i32 - SIDE);
        let mut chart = self.chart(&main)?;
        self.backdrop(&mut chart)?;
        let (xs, ys) = chart.plotting_area().get_pixel_range();
        let spacing = f64::from(xs.end - xs.start) / self.len().max(1) as f64;
        let mut legend = Legend {
            area: &side,
            y: ys.start + 10,
        };
        if spacing >= POINT_SPACING {
            self.points(&mut chart, spacing)?;
            legend.point()?;
        } else {
            let per_column = self.buckets(&main, &chart)?;
            let place = BarPlace {
                top: ys.start + 34,
                bottom: ys.start + 34 + (ys.end - ys.start) / 2,
                left: 14,
            };
            count_bar(&side, place, per_column, "n per mark")?;
            legend.y = place.bottom + 24;
        }
        if let Some(p) = self.period {
            legend.period(p)?;
        }
        if self.values.iter().any(Option::is_none) {
            legend.swatch(GREY, "value unknown")?;
        }
        Ok(())
    }
}

/// The entries of the legend, one under another.
struct Legend<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    y: i32,
}

impl<DB: DrawingBackend> Legend<'_, DB> {
    fn text(&mut self, x: i32, s: &str) -> Result<()> {
        let style = font(LABEL).pos(Pos::new(HPos::Left, VPos::Center));
        self.area
            .draw_text(s, &style, (x, self.y))
            .map_err(PlotError::new)
    }

    fn point(&mut self) -> Result<()> {
        let dot = Circle::new((22, self.y), 4, shade(POINT).filled());
        self.area.draw(&dot).map_err(PlotError::new)?;
        self.text(36, "G(n)")?;
        self.y += 26;
        Ok(())
    }

    fn swatch(&mut self, c: RGBColor, s: &str) -> Result<()> {
        let square = Rectangle::new([(14, self.y - 7), (30, self.y + 7)], c.filled());
        self.area.draw(&square).map_err(PlotError::new)?;
        self.text(36, s)?;
        self.y += 26;
        Ok(())
    }

    /// The period's band and where it starts, on two lines.
    fn period(&mut self, p: Period) -> Result<()> {
        let band = Rectangle::new(
            [(14, self.y - 7), (30, self.y + 7)],
            period_colour().mix(0.18).filled(),
        );
        self.area.draw(&band).map_err(PlotError::new)?;
        let line = PathElement::new(
            [(14, self.y - 7), (14, self.y + 7)],
            period_colour().stroke_width(2),
        );
        self.area.draw(&line).map_err(PlotError::new)?;
        self.text(36, &format!("period {} (proven)", p.period))?;
        self.y += 20;
        self.text(36, &format!("from n = {}", p.preperiod))?;
        self.y += 26;
        Ok(())
    }
}

/// Writes a scatter plot of the sequence `values` (G(first), G(first + 1),
/// ...; `None` where unknown, drawn grey) as the bytes of a file, of the
/// same size whatever the length: a point per n while there are at least
/// three pixels for every four n, else a mark per pixel column and value, coloured by
/// how many n of the column it stands for. See [`SequenceChart`] for a
/// title naming the game and a proven period marked.
///
/// # Errors
/// [`PlotError`] if plotters or the PNG encoder fail.
pub fn sequence_plot(values: &[Option<u64>], first: u64, format: Format) -> Result<Vec<u8>> {
    SequenceChart {
        values,
        first,
        name: "",
        period: None,
    }
    .render(format)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svg(chart: &SequenceChart<'_>) -> String {
        String::from_utf8(chart.render(Format::Svg).unwrap()).unwrap()
    }

    /// What the SVG's `<text>` elements say.
    fn texts(svg: &str) -> Vec<&str> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| t.split_once('>')?.1.split_once("</text>"))
            .map(|(inside, _)| inside.trim())
            .collect()
    }

    #[test]
    fn a_short_sequence_has_a_point_per_value_and_words() {
        // Subtraction game {1, 2, 3}: G(n) = n mod 4, one value unknown at the end.
        let mut values: Vec<Option<u64>> = (0..200).map(|n| Some(n % 4)).collect();
        values.push(None);
        let chart = SequenceChart {
            values: &values,
            first: 0,
            name: "subtraction:1,2,3",
            period: Some(Period {
                preperiod: 0,
                period: 4,
            }),
        };
        let text = svg(&chart);
        let texts = texts(&text);
        assert_eq!(
            text.matches("<circle").count(),
            200 + 1,
            "a point per value and the legend's"
        );
        for words in [
            "subtraction:1,2,3: G(n) for n = 0..200",
            "n",
            "G(n)",
            "period 4 (proven)",
            "from n = 0",
            "value unknown",
        ] {
            assert!(texts.contains(&words), "{words} missing from {texts:?}");
        }
        let png = chart.render(Format::Png).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        assert_eq!(
            &png[16..24],
            &[&WIDTH.to_be_bytes()[..], &HEIGHT.to_be_bytes()[..]].concat()
        );
    }

    #[test]
    fn a_long_sequence_is_bucketed_into_a_picture_of_fixed_size() {
        // 10^5 values of n mod 7 with one large value: no point per n, a
        // mark per column and value, and the colour bar's caption.
        let mut values: Vec<Option<u64>> = (0..100_000).map(|n| Some(n % 7)).collect();
        values[5] = Some(1000);
        let text = svg(&SequenceChart {
            values: &values,
            first: 0,
            name: "",
            period: None,
        });
        assert_eq!(text.matches("<circle").count(), 0);
        let marks = text.matches("<rect").count();
        // About 850 columns of seven values (0 and 1 share a row at this
        // scale), plus the colour bar.
        assert!((3_000..9_000).contains(&marks), "{marks} rectangles");
        let texts = texts(&text);
        assert!(texts.contains(&"n per mark") && texts.contains(&"G(n) for n = 0..99999"));
        let png = sequence_plot(&values, 0, Format::Png).unwrap();
        assert_eq!(&png[16..20], &WIDTH.to_be_bytes());
    }
}
