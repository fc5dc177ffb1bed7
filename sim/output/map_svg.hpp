#pragma once
// The map as SVG, drawn from the scenario's MapModel (sim/scenario/map_model.hpp): the table to scale in
// inches (the viewBox's unit is the inch) with a scale bar; terrain styled by what it does;
// deployment zones as labelled rectangles; every unit, hidden unit, decoy and Blind as a labelled
// mark of its own kind (<g class="mark" data-kind=... data-side=... data-name=...>, with a hover
// title); barrage missions; a legend holding only what is drawn. Every text is XML-escaped.
// Used by `show --plot FILE.svg`, `replay --plot FILE.svg`, the report and the live page.
#include "sim/scenario/map_model.hpp"

#include <string>
#include <vector>

namespace volley {

// One map: an <svg> element with its namespace, fit to be inlined in HTML.
std::string map_svg(const MapModel& map);

// Several frames of one table (replay: the setup and each turn played), up to three a row, under a
// title. An <svg> element as map_svg.
std::string map_svg_frames(const std::vector<MapModel>& frames, const std::string& title);

// A file's text: the XML declaration, then the element.
std::string svg_document(const std::string& svg_element);

// &, <, >, " and ' as entities (text and attribute values), and the bidirectional format characters
// shown as \uXXXX (format_characters_escaped): an SVG label joins a name to the words and figures
// after it in one text, which a U+202E in the name would otherwise reverse.
std::string xml_escape(const std::string& text);

}  // namespace volley
