//! Pictures of Grundy values: a heatmap of a table G(i, j) and a scatter
//! plot of a sequence G(n) against n, as the bytes of a PNG or SVG file.
//! Every front end draws with these (the command line writes the bytes to a
//! file or stdout, the Python package shows them in a notebook), so a
//! picture looks the same everywhere; nothing here opens a file.
//!
//! Every picture has a title naming the game and the range, axis names,
//! tick labels and a legend or colour bar. Text is set with plotters' own
//! text in DejaVu Sans, embedded in this crate (`fonts/`, with its licence),
//! so no system font is needed; in SVG it is real `<text>`. Colours follow
//! viridis, a perceptually uniform map that stays readable in grey.

mod colour;
mod heatmap;
mod sequence;

use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::prelude::*;

pub use colour::color;
pub use heatmap::heatmap;
pub use sequence::{sequence_plot, Period, SequenceChart};

/// PNG or SVG, chosen by the command's flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A bitmap.
    Png,
    /// Vector graphics.
    Svg,
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

/// DejaVu Sans (Bitstream Vera licence, `fonts/LICENSE-DejaVu.txt`).
static DEJAVU_SANS: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The family every text of a picture is set in. SVG files name it, so a
/// viewer draws them in its own sans-serif; bitmaps use the embedded font.
const FAMILY: &str = "sans-serif";

/// Registers the embedded font with plotters, once per process.
fn register_font() -> Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FAMILY, FontStyle::Normal, DEJAVU_SANS).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(PlotError::new("the embedded font could not be read"))
    }
}

/// The text style of a picture at `size` pixels.
fn font(size: u32) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(&INK)
}

const INK: RGBColor = RGBColor(40, 40, 40);
const GREY: RGBColor = RGBColor(200, 200, 200);
// Sizes in plotters' units (the em is about 0.8 of it).
const TITLE: u32 = 28;
const AXIS: u32 = 21;
const LABEL: u32 = 17;

/// Something drawable on any plotters backend.
trait Picture {
    fn size(&self) -> (u32, u32);
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()>;
}

/// Draws `p` on a white page and returns the file's bytes.
fn render(p: &impl Picture, format: Format) -> Result<Vec<u8>> {
    register_font()?;
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
            encode_png(&rgb, (w, h))
        }
        Format::Svg => {
            let mut svg = String::new();
            {
                let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
                area.fill(&WHITE).map_err(PlotError::new)?;
                p.draw(&area)?;
                area.present().map_err(PlotError::new)?;
            }
            // plotters labels an embedded bitmap `data:png`; the media
            // type viewers look for is image/png.
            let svg = svg.replace("href=\"data:png;base64,", "href=\"data:image/png;base64,");
            Ok(svg.into_bytes())
        }
    }
}

fn encode_png(rgb: &[u8], (w, h): (u32, u32)) -> Result<Vec<u8>> {
    use image::ImageEncoder;
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(rgb, w, h, image::ColorType::Rgb8)
        .map_err(PlotError::new)?;
    Ok(png)
}

/// `a..b` for a title, or the one number when the range holds one.
fn span(first: u64, len: u64) -> String {
    let last = first.saturating_add(len.saturating_sub(1));
    if len <= 1 {
        first.to_string()
    } else {
        format!("{first}..{last}")
    }
}

/// `name: what` or `what` alone when there is no name.
fn titled(name: &str, what: &str) -> String {
    if name.is_empty() {
        what.to_string()
    } else {
        format!("{name}: {what}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_name_the_game_and_the_range() {
        assert_eq!(span(0, 300), "0..299");
        assert_eq!(span(5, 1), "5");
        assert_eq!(titled("kayles", "G(n)"), "kayles: G(n)");
        assert_eq!(titled("", "G(n)"), "G(n)");
    }

    #[test]
    fn the_embedded_font_registers() {
        register_font().unwrap();
        register_font().unwrap();
    }
}
