//! A self-contained page of tables and horizontal bar charts (inline CSS,
//! no script, no network), for benchmark reports such as `judge strength
//! --html`: a reader sees at a glance which bar falls short or runs long.

use std::fmt::Write as _;

/// Text made safe for HTML element content and attribute values.
pub fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// One chart: a bar per label, scaled to `scale`; bars past `limit` (if
/// any) are drawn in the warning colour and the limit as a line.
pub struct Chart {
    pub title: String,
    pub unit: &'static str,
    pub scale: f64,
    pub limit: Option<f64>,
    /// Label, value, and whether the bar is a failure (drawn red).
    pub bars: Vec<(String, f64, bool)>,
}

/// One part of the page: a heading, preformatted text, a chart.
pub enum Section {
    Heading(String),
    Text(String),
    Chart(Chart),
}

const STYLE: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:2em}pre{background:#f6f6f6;padding:1em;overflow-x:auto}\
.chart{display:grid;grid-template-columns:max-content 1fr max-content;gap:2px 8px;align-items:center}\
.track{position:relative;height:14px;background:#eee}.bar{height:14px;background:#3a7bd5}\
.bar.bad{background:#d9534f}.limit{position:absolute;top:-2px;bottom:-2px;border-left:2px dashed #333}\
.value{font-variant-numeric:tabular-nums;text-align:right}";

/// The whole page.
pub fn page(title: &str, sections: &[Section]) -> String {
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{}</h1>\n",
        html_text(title),
        html_text(title)
    );
    for section in sections {
        match section {
            Section::Heading(text) => {
                let _ = writeln!(html, "<h2>{}</h2>", html_text(text));
            }
            Section::Text(text) => {
                let _ = writeln!(html, "<pre>{}</pre>", html_text(text));
            }
            Section::Chart(chart) => chart_html(&mut html, chart),
        }
    }
    html.push_str("</body></html>\n");
    html
}

fn chart_html(html: &mut String, chart: &Chart) {
    let percent = |v: f64| (100.0 * v / chart.scale.max(f64::MIN_POSITIVE)).clamp(0.0, 100.0);
    let _ = writeln!(
        html,
        "<h2>{}</h2>\n<div class=\"chart\">",
        html_text(&chart.title)
    );
    for (label, value, bad) in &chart.bars {
        let over = chart.limit.is_some_and(|limit| *value > limit);
        let limit_line = chart.limit.map_or(String::new(), |limit| {
            format!(
                "<div class=\"limit\" style=\"left:{:.2}%\"></div>",
                percent(limit)
            )
        });
        let _ = writeln!(
            html,
            "<div>{}</div><div class=\"track\"><div class=\"bar{}\" style=\"width:{:.2}%\"></div>{}</div>\
             <div class=\"value\">{} {}</div>",
            html_text(label),
            if *bad || over { " bad" } else { "" },
            percent(*value),
            limit_line,
            format_value(*value),
            chart.unit
        );
    }
    html.push_str("</div>\n");
}

fn format_value(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_bars_are_scaled() {
        assert_eq!(html_text("<a & 'b'>"), "&lt;a &amp; &#39;b&#39;&gt;");
        let chart = Chart {
            title: "time <ms>".into(),
            unit: "ms",
            scale: 800.0,
            limit: Some(400.0),
            bars: vec![
                ("{O,S}".into(), 200.0, false),
                ("{S,Z}".into(), 600.0, false),
            ],
        };
        let html = page("strength", &[Section::Chart(chart)]);
        assert!(html.contains("time &lt;ms&gt;"));
        assert!(html.contains("width:25.00%"));
        assert!(html.contains("class=\"bar bad\" style=\"width:75.00%\""));
        assert!(html.contains("left:50.00%"));
        assert!(!html.contains("<script"));
    }
}
