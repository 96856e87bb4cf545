#include "charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace cardsim::report {
namespace {

// Okabe and Ito's colour-blind-safe palette (without its yellow, too pale on
// white); series past the seventh repeat the colours with dashed lines.
constexpr const char* COLORS[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"};
constexpr std::size_t COLOR_COUNT = sizeof COLORS / sizeof COLORS[0];
// Average advance of a character at the page's 12px sans-serif, for laying
// out labels without measuring them (a little generous, so nothing clips).
constexpr double CHAR_ADVANCE = 7.0;
constexpr int TICK_FONT_HEIGHT = 16;  // a row of tick labels
constexpr int TITLE_HEIGHT = 18;      // an axis title
constexpr int LEGEND_ROW = 18;
constexpr int LEGEND_SAMPLE = 28;  // the line and dot before a legend entry's name

// Row labels of bar charts longer than this are cut (with an ellipsis; the
// whole label shows as the row's tooltip), so that the bars keep their room.
constexpr std::size_t MAX_LABEL_CHARS = 40;

// `label` cut to MAX_LABEL_CHARS bytes at a character boundary, with "…".
std::string shortened(const std::string& label) {
  if (label.size() <= MAX_LABEL_CHARS) return label;
  std::size_t end = MAX_LABEL_CHARS - 1;
  while (end > 0 && (static_cast<unsigned char>(label[end]) & 0xC0) == 0x80) --end;  // not inside a UTF-8 sequence
  return label.substr(0, end) + "…";
}

const char* color_of(std::size_t i) { return COLORS[i % COLOR_COUNT]; }
bool dashed_by_cycle(std::size_t i) { return (i / COLOR_COUNT) % 2 == 1; }
const char* color_of(const Series& s, std::size_t i) {
  return color_of(s.color >= 0 ? static_cast<std::size_t>(s.color) : i);
}
bool dashed(const Series& s, std::size_t i) { return s.dashed || (s.color < 0 && dashed_by_cycle(i)); }

double text_width(const std::string& text) { return CHAR_ADVANCE * static_cast<double>(text.size()); }
// A coordinate: one decimal, no digit separators.
std::string px(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

// An open diamond centred on (x, y).
std::string diamond(double x, double y, const std::string& color) {
  std::ostringstream svg;
  svg << "<path d=\"M" << px(x) << ' ' << px(y - 5) << " L" << px(x + 4.5) << ' ' << px(y) << " L" << px(x) << ' '
      << px(y + 5) << " L" << px(x - 4.5) << ' ' << px(y) << " Z\" fill=\"white\" fill-opacity=\"0.6\" stroke=\""
      << color << "\" stroke-width=\"1.5\"/>";
  return svg.str();
}

// Maps [from_low, from_high] linearly onto [to_low, to_high].
struct Scale {
  double from_low;
  double from_high;
  double to_low;
  double to_high;
  double operator()(double v) const { return to_low + (v - from_low) / (from_high - from_low) * (to_high - to_low); }
};

struct Range {
  double low = INFINITY;
  double high = -INFINITY;
  void add(double v) {
    if (std::isfinite(v)) {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  }
  bool empty() const { return low > high; }
};

Range y_range_of(const XYChart& chart, bool right) {
  Range range;
  for (const Series& s : chart.series) {
    if (s.right_axis != right) continue;
    for (const Point& p : s.points) {
      range.add(p.y);
      range.add(p.low);
      range.add(p.high);
    }
    if (s.mark != Mark::points && s.mark != Mark::diamonds && !s.points.empty()) range.add(0.0);
  }
  return range;
}

// An <svg> element of whole pixels (HTML's width and height are integers).
std::string svg_open(double width, double height) {
  const auto w = std::to_string(static_cast<long>(std::ceil(width)));
  const auto h = std::to_string(static_cast<long>(std::ceil(height)));
  std::ostringstream svg;
  svg << "<svg role=\"img\" width=\"" << w << "\" height=\"" << h << "\" viewBox=\"0 0 " << w << ' ' << h
      << "\" xmlns=\"http://www.w3.org/2000/svg\">";
  return svg.str();
}

std::string text_at(double x, double y, const std::string& anchor, const std::string& cls, const std::string& text,
                    const std::string& extra = "") {
  std::ostringstream svg;
  svg << "<text" << (cls.empty() ? "" : " class=\"" + cls + "\"") << " x=\"" << px(x) << "\" y=\"" << px(y)
      << "\" text-anchor=\"" << anchor << '"' << extra << '>' << escape(text) << "</text>";
  return svg.str();
}

std::string line(double x1, double y1, double x2, double y2, const std::string& stroke, const std::string& extra = "") {
  std::ostringstream svg;
  svg << "<line x1=\"" << px(x1) << "\" y1=\"" << px(y1) << "\" x2=\"" << px(x2) << "\" y2=\"" << px(y2)
      << "\" stroke=\"" << stroke << '"' << extra << "/>";
  return svg.str();
}

// A vertical axis title, read bottom to top, centred on [top, bottom] at x.
std::string vertical_title(double x, double top, double bottom, const std::string& title) {
  const double y = (top + bottom) / 2;
  return text_at(x, y, "middle", "title", title, " transform=\"rotate(-90 " + px(x) + ' ' + px(y) + ")\"");
}

std::string figure(const std::string& caption, const std::string& body) {
  return "<figure><figcaption>" + escape(caption) + "</figcaption>" + body + "</figure>\n";
}

// A 95% interval as a vertical or horizontal whisker with caps.
std::string whisker(double at, double from, double to, bool vertical, const std::string& stroke) {
  constexpr double CAP = 3;
  if (vertical) {
    return line(at, from, at, to, stroke) + line(at - CAP, from, at + CAP, from, stroke) +
           line(at - CAP, to, at + CAP, to, stroke);
  }
  return line(from, at, to, at, stroke) + line(from, at - CAP, from, at + CAP, stroke) +
         line(to, at - CAP, to, at + CAP, stroke);
}

// A line through `points` (sorted by x), shifted right by `offset` pixels.
template <typename XOf>
std::string polyline(const std::vector<Point>& points, const XOf& x_of, const Scale& y_of, double offset,
                     const std::string& color, const std::string& dash) {
  if (points.size() < 2) return "";
  std::ostringstream svg;
  svg << "<polyline fill=\"none\" stroke=\"" << color << "\" stroke-width=\"1.5\"" << dash << " points=\"";
  for (const Point& p : points) svg << px(x_of(p.x) + offset) << ',' << px(y_of(p.y)) << ' ';
  svg << "\"/>";
  return svg.str();
}

}  // namespace

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string grouped(const std::string& number) {
  const std::size_t begin = number.find_first_of("0123456789");
  if (begin == std::string::npos) return number;
  const std::size_t end = number.find_first_not_of("0123456789", begin);
  const std::size_t digits = (end == std::string::npos ? number.size() : end) - begin;
  if (digits < 4) return number;
  std::string out = number.substr(0, begin);
  for (std::size_t i = 0; i < digits; ++i) {
    if (i > 0 && (digits - i) % 3 == 0) out += ',';
    out += number[begin + i];
  }
  return out + number.substr(begin + digits);
}

std::string fixed(double value, int digits) {
  char buffer[400];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  std::string text = buffer;
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return grouped(text);
}

Ticks round_ticks(double low, double high, int target) {
  if (!(high > low)) {
    const double pad = low == 0 ? 1.0 : std::abs(low) * 0.1;
    low -= pad;
    high += pad;
  }
  const double raw = (high - low) / std::max(target, 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double fraction = raw / magnitude;
  const double nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
  Ticks ticks;
  ticks.step = nice * magnitude;
  const auto first = static_cast<long long>(std::floor(low / ticks.step + 1e-9));
  const auto last = static_cast<long long>(std::ceil(high / ticks.step - 1e-9));
  ticks.low = static_cast<double>(first) * ticks.step;
  ticks.high = static_cast<double>(last) * ticks.step;
  ticks.digits = std::max(0, -static_cast<int>(std::floor(std::log10(ticks.step) + 1e-9)));
  for (long long k = first; k <= last; ++k) ticks.values.push_back(static_cast<double>(k) * ticks.step);
  return ticks;
}

std::string xy_chart(const XYChart& chart) {
  // The y scales.
  Range left = y_range_of(chart, false);
  if (chart.y_range) {
    left.add(chart.y_range->first);
    left.add(chart.y_range->second);
  }
  if (chart.include_zero) left.add(0.0);
  if (left.empty()) left.add(0.0);
  const Ticks y_ticks = round_ticks(left.low, left.high);
  const Range right = y_range_of(chart, true);
  const bool has_right = !right.empty();
  const Ticks y2_ticks = has_right ? round_ticks(right.low, right.high) : Ticks{};

  // The layout: axis titles and tick labels around the plot, the legend below.
  const auto widest = [](const Ticks& t) {
    double w = 0;
    for (const double v : t.values) w = std::max(w, text_width(fixed(v, t.digits)));
    return w;
  };
  const double plot_left = TITLE_HEIGHT + 6 + widest(y_ticks) + 6;
  const double plot_right = chart.width - (has_right ? TITLE_HEIGHT + 6 + widest(y2_ticks) + 6 : 16);
  const double plot_top = 10;
  const double plot_bottom = chart.height - TICK_FONT_HEIGHT - TITLE_HEIGHT - 8;
  std::vector<std::size_t> listed;
  double entry_width = 0;
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    if (chart.series[i].name.empty()) continue;
    listed.push_back(i);
    entry_width = std::max(entry_width, LEGEND_SAMPLE + 6 + text_width(chart.series[i].name) + 14);
  }
  const auto columns =
      listed.empty() ? std::size_t{1}
                     : std::max<std::size_t>(1, static_cast<std::size_t>((chart.width - plot_left) / entry_width));
  const std::size_t legend_rows = (listed.size() + columns - 1) / columns;
  const double height = chart.height + static_cast<double>(legend_rows) * LEGEND_ROW + (legend_rows ? 6 : 0);

  const Scale y_of{y_ticks.low, y_ticks.high, plot_bottom, plot_top};
  const Scale y2_of{y2_ticks.low, y2_ticks.high, plot_bottom, plot_top};
  // x: a category's centre, or a round scale over every point (bars and
  // steps reach half a unit either side).
  const bool categorical = !chart.categories.empty();
  const double band = categorical ? (plot_right - plot_left) / static_cast<double>(chart.categories.size()) : 0;
  Range xs;
  for (const Series& s : chart.series) {
    for (const Point& p : s.points) {
      const double reach = s.mark == Mark::bars || s.mark == Mark::steps ? 0.5 : 0.0;
      xs.add(p.x - reach);
      xs.add(p.x + reach);
    }
  }
  if (xs.empty()) xs.add(0.0);
  const bool marked = !categorical && !chart.x_marks.empty();
  Ticks x_ticks = categorical ? Ticks{} : round_ticks(xs.low, xs.high, 10);
  double min_gap = INFINITY;  // between marked values
  if (marked) {
    // To scale, from the first value to the last, half a gap of room at each end.
    std::vector<double> at;
    for (const auto& [x, label] : chart.x_marks) at.push_back(x);
    std::sort(at.begin(), at.end());
    for (std::size_t k = 1; k < at.size(); ++k) min_gap = std::min(min_gap, at[k] - at[k - 1]);
    const double pad = std::isfinite(min_gap) ? std::max(min_gap / 2, 0.04 * (at.back() - at.front())) : 0.5;
    x_ticks = Ticks{std::min(xs.low, at.front()) - pad, std::max(xs.high, at.back()) + pad, 1, 0, {}};
  }
  const Scale x_scale{x_ticks.low, x_ticks.high, plot_left, plot_right};
  const auto x_of = [&](double x) { return categorical ? plot_left + (x + 0.5) * band : x_scale(x); };
  const double unit = categorical ? band : x_scale(1.0) - x_scale(0.0);

  std::ostringstream svg;
  svg << svg_open(chart.width, height);
  // Grid, ticks and axis titles.
  for (const double v : y_ticks.values) {
    svg << line(plot_left, y_of(v), plot_right, y_of(v), v == 0 ? "#555" : "#e4e4e4")
        << text_at(plot_left - 6, y_of(v) + 4, "end", "axis", fixed(v, y_ticks.digits));
  }
  if (has_right) {
    for (const double v : y2_ticks.values) {
      svg << text_at(plot_right + 6, y2_of(v) + 4, "start", "axis", fixed(v, y2_ticks.digits));
    }
    svg << vertical_title(chart.width - 6, plot_top, plot_bottom, chart.y2_title);
  }
  svg << line(plot_left, plot_bottom, plot_right, plot_bottom, "#888")
      << line(plot_left, plot_top, plot_left, plot_bottom, "#888");
  if (categorical) {
    for (std::size_t i = 0; i < chart.categories.size(); ++i) {
      svg << text_at(x_of(static_cast<double>(i)), plot_bottom + 14, "middle", "axis", chart.categories[i]);
    }
  } else if (marked) {
    for (const auto& [v, label] : chart.x_marks) {
      svg << line(x_of(v), plot_top, x_of(v), plot_bottom, "#f0f0f0")
          << line(x_of(v), plot_bottom, x_of(v), plot_bottom + 4, "#888")
          << text_at(x_of(v), plot_bottom + 15, "middle", "axis", label);
    }
  } else {
    for (const double v : x_ticks.values) {
      svg << line(x_of(v), plot_bottom, x_of(v), plot_bottom + 4, "#888")
          << text_at(x_of(v), plot_bottom + 15, "middle", "axis", fixed(v, x_ticks.digits));
    }
  }
  svg << text_at((plot_left + plot_right) / 2, plot_bottom + TICK_FONT_HEIGHT + 14, "middle", "title", chart.x_title)
      << vertical_title(14, plot_top, plot_bottom, chart.y_title);

  // The series: bars first, then steps and lines, then points on top.
  std::size_t point_series = 0;
  for (const Series& s : chart.series) point_series += s.mark == Mark::points ? 1 : 0;
  // Points of several series at the same x stand side by side, a few pixels
  // apart, so that their error bars do not hide each other.
  const double room = categorical                        ? 0.6 * band
                      : marked && std::isfinite(min_gap) ? 0.5 * (x_of(min_gap) - x_of(0.0))
                                                         : 0.0;
  const double spread = point_series > 1 ? std::min(12.0, room / static_cast<double>(point_series)) : 0.0;
  std::vector<double> offsets(chart.series.size(), 0.0);
  for (std::size_t i = 0, k = 0; i < chart.series.size(); ++i) {
    if (chart.series[i].mark != Mark::points) continue;
    offsets[i] = (static_cast<double>(k++) - (static_cast<double>(point_series) - 1) / 2) * spread;
  }
  for (const Mark mark : {Mark::bars, Mark::steps, Mark::line, Mark::points, Mark::diamonds}) {
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
      const Series& s = chart.series[i];
      if (s.mark != mark) {
        continue;
      }
      const Scale& y = s.right_axis ? y2_of : y_of;
      const std::string color = color_of(s, i);
      const std::string dash = dashed(s, i) ? " stroke-dasharray=\"5 3\"" : "";
      // (A series drawn in another's colour stands where that one does.)
      const double offset = offsets[s.color >= 0 && static_cast<std::size_t>(s.color) < offsets.size() ? s.color : i];
      std::vector<Point> points = s.points;
      std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
      if (mark == Mark::bars) {
        const double w = 0.8 * unit;
        for (const Point& p : points) {
          const double top = std::min(y(p.y), y(0.0));
          svg << "<rect x=\"" << px(x_of(p.x) - w / 2) << "\" y=\"" << px(top) << "\" width=\"" << px(w)
              << "\" height=\"" << px(std::abs(y(p.y) - y(0.0))) << "\" fill=\"" << color
              << "\" fill-opacity=\"0.45\"/>";
        }
      } else if (mark == Mark::steps) {
        std::ostringstream path;
        for (std::size_t k = 0; k < points.size(); ++k) {
          path << (k == 0 ? "M" : " L") << px(x_of(points[k].x - 0.5)) << ' ' << px(y(points[k].y)) << " L"
               << px(x_of(points[k].x + 0.5)) << ' ' << px(y(points[k].y));
        }
        svg << "<path d=\"" << path.str() << "\" fill=\"none\" stroke=\"" << color << "\" stroke-width=\"2\"" << dash
            << "/>";
      } else if (mark == Mark::line) {
        svg << polyline(points, x_of, y, 0.0, color, dash);
      } else if (mark == Mark::diamonds) {
        for (const Point& p : points) svg << diamond(x_of(p.x) + offset, y(p.y), color);
      } else {
        if (s.joined) svg << polyline(points, x_of, y, offset, color, dash);
        for (const Point& p : points) {
          const double x = x_of(p.x) + offset;
          if (std::isfinite(p.low) && std::isfinite(p.high)) svg << whisker(x, y(p.low), y(p.high), true, color);
          svg << "<circle cx=\"" << px(x) << "\" cy=\"" << px(y(p.y)) << "\" r=\"3.5\" fill=\"" << color << "\"/>";
        }
      }
    }
  }

  // The legend: a sample of each named series' mark, then its name.
  for (std::size_t k = 0; k < listed.size(); ++k) {
    const Series& s = chart.series[listed[k]];
    const double x = plot_left + static_cast<double>(k % columns) * entry_width;
    const double y = chart.height + static_cast<double>(k / columns) * LEGEND_ROW + 8;
    const std::string color = color_of(s, listed[k]);
    if (s.mark == Mark::diamonds) {
      svg << diamond(x + LEGEND_SAMPLE / 2.0, y, color);
    } else if (s.mark == Mark::bars) {
      svg << "<rect x=\"" << px(x) << "\" y=\"" << px(y - 5) << "\" width=\"" << LEGEND_SAMPLE
          << "\" height=\"10\" fill=\"" << color << "\" fill-opacity=\"0.45\"/>";
    } else {
      const std::string dash = dashed(s, listed[k]) ? " stroke-dasharray=\"5 3\"" : "";
      svg << line(x, y, x + LEGEND_SAMPLE, y, color, " stroke-width=\"2\"" + dash);
      if (s.mark == Mark::points)
        svg << "<circle cx=\"" << px(x + LEGEND_SAMPLE / 2.0) << "\" cy=\"" << px(y) << "\" r=\"3.5\" fill=\"" << color
            << "\"/>";
    }
    svg << text_at(x + LEGEND_SAMPLE + 6, y + 4, "start", "", s.name);
  }
  svg << "</svg>";
  return figure(chart.caption, svg.str());
}

std::string bar_chart(const BarChart& chart) {
  constexpr double ROW = 24;
  constexpr double BAR = 14;
  double label_width = 0;
  double text_column = 0;
  Range range;
  range.add(0.0);
  for (const Bar& b : chart.bars) {
    label_width = std::max(label_width, text_width(shortened(b.label)));
    text_column = std::max(text_column, text_width(b.text));
    for (const double v : {b.value, b.low, b.high, b.mark}) range.add(v);
  }
  const Ticks ticks = round_ticks(range.low, range.high, 6);
  const double plot_left = label_width + 12;
  const double plot_right = chart.width - text_column - 12;
  const double plot_top = 6;
  const double plot_bottom = plot_top + ROW * static_cast<double>(chart.bars.size());
  const bool legend = !chart.mark_name.empty();
  const double height = plot_bottom + TICK_FONT_HEIGHT + TITLE_HEIGHT + 6 + (legend ? LEGEND_ROW : 0);
  const Scale x_of{ticks.low, ticks.high, plot_left, plot_right};

  std::ostringstream svg;
  svg << svg_open(chart.width, height);
  for (const double v : ticks.values) {
    svg << line(x_of(v), plot_top, x_of(v), plot_bottom, v == 0 ? "#555" : "#e4e4e4")
        << text_at(x_of(v), plot_bottom + 14, "middle", "axis", fixed(v, ticks.digits));
  }
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const Bar& b = chart.bars[i];
    const double mid = plot_top + ROW * (static_cast<double>(i) + 0.5);
    const double from = std::min(x_of(0.0), x_of(b.value));
    svg << "<g><title>" << escape(b.label) << "</title>"
        << text_at(plot_left - 8, mid + 4, "end", "", shortened(b.label)) << "</g><rect x=\"" << px(from) << "\" y=\""
        << px(mid - BAR / 2) << "\" width=\"" << px(std::abs(x_of(b.value) - x_of(0.0))) << "\" height=\"" << BAR
        << "\" fill=\"" << COLORS[0] << "\" fill-opacity=\"0.55\"/>";
    if (std::isfinite(b.low) && std::isfinite(b.high)) svg << whisker(mid, x_of(b.low), x_of(b.high), false, "#222");
    if (std::isfinite(b.mark)) {
      const double x = x_of(b.mark);
      svg << "<path d=\"M" << px(x) << ' ' << px(mid - 6) << " L" << px(x + 5) << ' ' << px(mid) << " L" << px(x) << ' '
          << px(mid + 6) << " L" << px(x - 5) << ' ' << px(mid) << " Z\" fill=\"" << COLORS[1] << "\"/>";
    }
    svg << text_at(chart.width - 4, mid + 4, "end", "value", b.text);
  }
  svg << text_at((plot_left + plot_right) / 2, plot_bottom + TICK_FONT_HEIGHT + 14, "middle", "title",
                 chart.axis_title);
  if (legend) {
    const double y = plot_bottom + TICK_FONT_HEIGHT + TITLE_HEIGHT + 12;
    svg << "<path d=\"M" << px(plot_left + 5) << ' ' << px(y - 6) << " l5 6 l-5 6 l-5 -6 Z\" fill=\"" << COLORS[1]
        << "\"/>" << text_at(plot_left + 16, y + 4, "start", "", chart.mark_name) << "<rect x=\""
        << px(plot_left + 30 + text_width(chart.mark_name)) << "\" y=\"" << px(y - 5)
        << "\" width=\"20\" height=\"10\" fill=\"" << COLORS[0] << "\" fill-opacity=\"0.55\"/>"
        << text_at(plot_left + 56 + text_width(chart.mark_name), y + 4, "start", "", "estimate, with its 95% interval");
  }
  svg << "</svg>";
  return figure(chart.caption, svg.str());
}

namespace {

// The shade of `t` in [-1, 1]: blue below 0, red above, white at 0.
std::string shade_of(double t) {
  const auto mix = [](double from, double to, double a) {
    return static_cast<int>(std::lround(from + (to - from) * a));
  };
  const double a = std::min(1.0, std::abs(t)) * 0.7;
  char color[8];
  if (t >= 0) {
    std::snprintf(color, sizeof color, "#%02x%02x%02x", 255, mix(255, 80, a), mix(255, 60, a));
  } else {
    std::snprintf(color, sizeof color, "#%02x%02x%02x", mix(255, 50, a), mix(255, 120, a), 255);
  }
  return color;
}

// A heat map's colour scale: SCALE_STEPS shades from its lowest to its
// highest value, the values at the ends (and 0 in the middle if diverging).
std::string heat_scale(const HeatTable& table, double low, double high) {
  constexpr int SCALE_STEPS = 9;
  const auto label = [&](double v) { return escape(fixed(v, table.scale_digits) + table.scale_unit); };
  std::ostringstream html;
  html << "<p class=\"scale\">Colour scale: " << label(low) << " ";
  for (int k = 0; k < SCALE_STEPS; ++k) {
    const double t = 2.0 * k / (SCALE_STEPS - 1) - 1;
    html << "<span style=\"background:" << shade_of(t) << "\">"
         << (table.diverging && 2 * k == SCALE_STEPS - 1 ? label(0.0) : "&nbsp;") << "</span>";
  }
  html << " " << label(high) << (table.diverging ? " (white: 0)" : "") << "</p>\n";
  return html.str();
}

}  // namespace

std::string heat_table(const HeatTable& table) {
  Range range;
  for (const auto& row : table.cells) {
    for (const HeatCell& cell : row) range.add(table.diverging ? std::abs(cell.value) : cell.value);
  }
  // t in [-1, 1]: the lowest value -1, the highest 1; diverging, 0 at 0 and
  // +-1 at the largest magnitude.
  const auto shade = [&](double value) {
    double t = 0;
    if (table.diverging) {
      t = range.high > 0 ? value / range.high : 0;
    } else if (range.high > range.low) {
      t = 2 * (value - range.low) / (range.high - range.low) - 1;
    }
    return shade_of(t);
  };
  std::ostringstream html;
  html << "<table class=\"heat\"><caption>" << escape(table.caption) << "</caption><tr><th class=\"l\">"
       << escape(table.corner) << "</th>";
  for (const auto& column : table.columns) html << "<th>" << escape(column) << "</th>";
  html << "</tr>";
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    html << "<tr><th class=\"l\">" << escape(table.rows[r]) << "</th>";
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      const HeatCell& cell = table.cells.at(r).at(c);
      html << "<td";
      if (std::isfinite(cell.value)) html << " style=\"background:" << shade(cell.value) << '"';
      html << '>' << escape(cell.text) << "</td>";
    }
    html << "</tr>";
  }
  html << "</table>\n";
  if (!range.empty()) {
    html << (table.diverging ? heat_scale(table, -range.high, range.high) : heat_scale(table, range.low, range.high));
  }
  return html.str();
}

std::string text_table(const TextTable& table) {
  std::ostringstream html;
  const auto cell = [&](const char* tag, std::size_t column, const std::string& content) {
    html << '<' << tag << (column < table.text_columns ? " class=\"l\">" : ">") << content << "</" << tag << '>';
  };
  html << "<table" << (table.id.empty() ? "" : " id=\"" + escape(table.id) + "\"")
       << (table.css_class.empty() ? "" : " class=\"" + escape(table.css_class) + "\"") << "><caption>" << table.caption
       << "</caption><tr>";
  for (std::size_t c = 0; c < table.head.size(); ++c) cell("th", c, table.head[c]);
  html << "</tr>";
  for (const auto& row : table.rows) {
    html << "<tr>";
    for (std::size_t c = 0; c < row.size(); ++c) cell("td", c, row[c]);
    html << "</tr>";
  }
  html << "</table>\n";
  return html.str();
}

}  // namespace cardsim::report
