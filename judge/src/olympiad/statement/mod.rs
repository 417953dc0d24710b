//! Problem A2's statement as contestants read it, in English and
//! Bulgarian: the Markdown sources under `docs/problems/`, their figures,
//! and the files each contest system's package takes (LaTeX for Kattis and
//! Polygon, PDFs for CMS and DOMjudge).

pub mod figures;
