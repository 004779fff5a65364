//! Colours of values (viridis) and the colour bar that explains them.

use plotters::coord::Shift;
use plotters::prelude::*;

use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{font, PlotError, Result, AXIS, INK, LABEL};

/// The colour of Grundy value `v` when values go up to `max`, by viridis:
/// 0 (the P-positions) darkest, `max` lightest, equal steps of value equal
/// steps of perceived lightness, so a picture reads in grey too.
pub fn color(v: u64, max: u64) -> RGBColor {
    if max == 0 {
        return shade(0.0);
    }
    shade(v.min(max) as f64 / max as f64)
}

/// Viridis at `t` in [0, 1].
pub(crate) fn shade(t: f64) -> RGBColor {
    ViridisRGB.get_color(t.clamp(0.0, 1.0) as f32)
}

/// Up to this largest value a colour bar has a swatch per value.
const SWATCHES: u64 = 16;

/// Where a colour bar sits in its area: its top and bottom in pixels, and
/// the x of its left edge; it is [`BAR_WIDTH`] wide, labels to its right.
#[derive(Clone, Copy)]
pub(crate) struct BarPlace {
    pub top: i32,
    pub bottom: i32,
    pub left: i32,
}

const BAR_WIDTH: i32 = 22;

impl BarPlace {
    /// The pixel row of `t` in [0, 1], 0 at the bottom.
    fn y(&self, t: f64) -> i32 {
        self.bottom - (t * f64::from(self.bottom - self.top)).round() as i32
    }

    fn strip<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        (lo, hi): (f64, f64),
        c: RGBColor,
    ) -> Result<()> {
        let (x0, x1) = (self.left, self.left + BAR_WIDTH);
        let rect = Rectangle::new([(x0, self.y(hi)), (x1, self.y(lo))], c.filled());
        area.draw(&rect).map_err(PlotError::new)
    }

    fn tick<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        t: f64,
        label: &str,
    ) -> Result<()> {
        let (x, y) = (self.left + BAR_WIDTH, self.y(t));
        area.draw(&PathElement::new([(x, y), (x + 4, y)], INK))
            .map_err(PlotError::new)?;
        let style = font(LABEL).pos(Pos::new(HPos::Left, VPos::Center));
        area.draw_text(label, &style, (x + 7, y))
            .map_err(PlotError::new)
    }

    fn caption<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, text: &str) -> Result<()> {
        let style = font(AXIS).pos(Pos::new(HPos::Left, VPos::Bottom));
        area.draw_text(text, &style, (self.left, self.top - 10))
            .map_err(PlotError::new)
    }
}

/// A vertical colour bar for values `0..=max`, headed `caption`: one
/// labelled swatch per value up to [`SWATCHES`], else a continuous bar
/// with tick labels at round values.
pub(crate) fn value_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: BarPlace,
    max: u64,
    caption: &str,
) -> Result<()> {
    at.caption(area, caption)?;
    if max <= SWATCHES {
        let n = (max + 1) as f64;
        for v in 0..=max {
            let (lo, hi) = (v as f64 / n, (v + 1) as f64 / n);
            at.strip(area, (lo, hi), color(v, max))?;
            at.tick(area, (lo + hi) / 2.0, &v.to_string())?;
        }
        return Ok(());
    }
    strips(area, at)?;
    let step = round_step(max, 8);
    for v in (0..=max).step_by(step as usize) {
        at.tick(area, v as f64 / max as f64, &v.to_string())?;
    }
    Ok(())
}

/// A vertical colour bar for how many of a column's `per_column` values of
/// n one mark stands for, on a log scale (as [`count_shade`] colours them).
pub(crate) fn count_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: BarPlace,
    per_column: u64,
    caption: &str,
) -> Result<()> {
    at.caption(area, caption)?;
    strips(area, at)?;
    let top = (per_column.max(2) as f64).ln();
    let mut ticks: Vec<u64> = std::iter::successors(Some(1u64), |k| k.checked_mul(10))
        .take_while(|&k| k < per_column)
        .collect();
    ticks.push(per_column.max(1));
    for k in ticks {
        at.tick(area, (k as f64).ln() / top, &k.to_string())?;
    }
    Ok(())
}

/// The bar's colours, a strip per pixel row up to 128 strips (no eye
/// tells more shades apart; each is a rectangle in SVG).
fn strips<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, at: BarPlace) -> Result<()> {
    let rows = (at.bottom - at.top).clamp(1, 128);
    for k in 0..rows {
        let (lo, hi) = (
            f64::from(k) / f64::from(rows),
            f64::from(k + 1) / f64::from(rows),
        );
        at.strip(area, (lo, hi), shade(lo))?;
    }
    Ok(())
}

/// A step of 1, 2 or 5 times a power of ten that cuts `0..=max` into at
/// most about `parts` parts.
pub(crate) fn round_step(max: u64, parts: u64) -> u64 {
    let mut step = 1u64;
    let mut k = 0u32;
    while max / step > parts {
        k += 1;
        step = [1, 2, 5][k as usize % 3] * 10u64.saturating_pow(k / 3);
    }
    step
}

/// The colour of a mark standing for `count` of a column's `per_column`
/// values of n: log scale, so a value met once still shows.
pub(crate) fn count_shade(count: u64, per_column: u64) -> RGBColor {
    if per_column <= 1 {
        return shade(1.0);
    }
    shade((count.max(1) as f64).ln() / (per_column as f64).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_darkest_and_values_get_lighter() {
        let lightness =
            |c: RGBColor| 0.3 * f64::from(c.0) + 0.59 * f64::from(c.1) + 0.11 * f64::from(c.2);
        let mut last = -1.0;
        for v in 0..=9 {
            let l = lightness(color(v, 9));
            assert!(l > last, "value {v}: {l} after {last}");
            last = l;
        }
        assert_eq!(color(0, 0), color(0, 5));
        assert!(count_shade(1, 100) != count_shade(100, 100));
        assert_eq!(round_step(9, 8), 2);
        assert_eq!(round_step(1000, 8), 200);
        assert_eq!(round_step(3, 8), 1);
    }
}
