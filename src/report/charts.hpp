// The building blocks of `cardsim report`'s page (internal to io/): escaped
// text, numbers at fixed precision, round axis ticks, and three kinds of
// figure drawn as inline SVG or plain HTML (no script): an x-y chart (points
// with 95% error bars, bars, steps; one or two y axes; a legend), horizontal
// bars from zero with intervals, and a heat-map table. Every figure carries a
// caption saying what is counted over what.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cardsim::report {

inline constexpr double NONE = std::numeric_limits<double>::quiet_NaN();

// Text for HTML content and attribute values.
std::string escape(const std::string& text);

// `value` with `digits` decimals ("%.*f") and commas between groups of three
// digits before the point ("1,234,567.5"); never "-0.00".
std::string fixed(double value, int digits);

// `number` (digits, maybe a sign and decimals: "-1234567.25") with commas
// between groups of three digits before the point.
std::string grouped(const std::string& number);

// Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of
// ten, about `target` of them, and the decimals that print the step exactly.
struct Ticks {
  double low = 0;
  double high = 1;
  double step = 1;
  int digits = 0;
  std::vector<double> values;
};
Ticks round_ticks(double low, double high, int target = 5);

// One mark of a series: (x, y) and, unless NONE, its 95% interval low..high.
struct Point {
  double x = 0;
  double y = 0;
  double low = NONE;
  double high = NONE;
};

enum class Mark {
  points,    // a dot per point with its error bar, joined by a line unless `joined` is false
  bars,      // a vertical bar from zero per point (a histogram when x is a whole number)
  steps,     // a step line: y holds from x - 1/2 to x + 1/2 (a bet ramp over true counts)
  line,      // a line through the points, no dots (a fitted line)
  diamonds,  // an open diamond per point, not joined (exact values over estimates)
};

struct Series {
  std::string name;  // in the legend; empty: not listed
  std::vector<Point> points;
  Mark mark = Mark::points;
  bool joined = true;
  bool dashed = false;
  bool right_axis = false;  // drawn against the second y axis
  int color = -1;           // the palette's colour of series `color` (another series' colour); -1: its own
};

// An x-y chart. With `categories`, x is an index into them (equal spacing,
// points of several series side by side); otherwise x is a number to scale:
// ticks at `x_marks` (the values the data takes, labelled as given; points of
// several series side by side) or, without them, at round values.
struct XYChart {
  std::string caption;
  std::string x_title;
  std::string y_title;
  std::string y2_title;  // the right axis, for series with right_axis
  std::vector<std::string> categories;
  std::vector<std::pair<double, std::string>> x_marks;
  std::vector<Series> series;
  std::optional<std::pair<double, double>> y_range;  // fixed (small multiples share one); else from the data
  bool include_zero = false;                         // the y range reaches zero
  int width = 640;
  int height = 300;
};
std::string xy_chart(const XYChart& chart);

// A horizontal bar from zero to `value` per row, with its 95% interval
// low..high (unless NONE), an optional diamond `mark` (e.g. the exact value),
// the value printed in a column of its own at the right, and a zero line.
struct Bar {
  std::string label;
  double value = 0;
  double low = NONE;
  double high = NONE;
  double mark = NONE;
  std::string text;  // printed at the right, e.g. "+0.1680% ± 0.0210%"
};
struct BarChart {
  std::string caption;
  std::string axis_title;
  std::string mark_name;  // what the diamond is, in the legend line; empty: no marks
  std::vector<Bar> bars;
  int width = 720;
};
std::string bar_chart(const BarChart& chart);

// A table of rows x columns whose cells are shaded by value: from blue (the
// lowest) through white to red (the highest); with `diverging`, white is zero
// and the darkest shade the largest magnitude. A colour scale under it shows
// the shades with the values at its ends (and 0 in the middle if diverging),
// printed with `scale_digits` decimals and `scale_unit`.
struct HeatCell {
  double value = NONE;  // NONE: an empty cell
  std::string text;
};
struct HeatTable {
  std::string caption;
  std::string corner;  // "rows \ columns"
  std::vector<std::string> rows;
  std::vector<std::string> columns;
  std::vector<std::vector<HeatCell>> cells;  // [row][column]
  bool diverging = false;
  int scale_digits = 3;
  std::string scale_unit;
};
std::string heat_table(const HeatTable& table);

// A plain table: a caption, the column heads and the rows' cells, all HTML
// already (the caller escapes every text in them); the first `text_columns`
// columns are text, aligned left, the others numbers, aligned right. An `id`
// and a class if not empty.
struct TextTable {
  std::string id;
  std::string css_class;
  std::string caption;
  std::vector<std::string> head;
  std::vector<std::vector<std::string>> rows;
  std::size_t text_columns = 1;
};
std::string text_table(const TextTable& table);

}  // namespace cardsim::report
