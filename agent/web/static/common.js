// Helpers shared by the pages (play, watch, index). Text always goes in through textContent.

export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "className") node.className = value;
    else if (key === "hidden" || key === "disabled") node[key] = Boolean(value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

// A definition list a widget fills with facts: facts(className) gives [dl, fact], where fact(label)
// adds a <dt>label</dt><dd></dd> pair and returns the <dd> to write the value into.
export function facts(className) {
  const dl = el("dl", { className });
  const fact = (label) => {
    const dd = el("dd");
    dl.append(el("dt", { text: label }), dd);
    return dd;
  };
  return [dl, fact];
}

export function describeActionDefault(action) {
  if (!action || typeof action !== "object") return "";
  return Object.entries(action)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join("-") : JSON.stringify(value)}`)
    .join(", ");
}

function flatten(value, prefix, rows) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, rows);
  } else if (Array.isArray(value) && value.some((v) => v !== null && typeof v === "object")) {
    value.forEach((inner, i) => flatten(inner, `${prefix}[${i + 1}]`, rows));
  } else {
    rows.push([prefix, Array.isArray(value) ? value.join(", ") : value === null ? "none" : String(value)]);
  }
}

// The metrics of a finished game as a two-column table (nested fields flattened to dotted names).
export function formatMetrics(metrics) {
  if (!metrics) return el("p", { text: "No metrics." });
  const rows = [];
  flatten(metrics, "", rows);
  const table = el("table", { className: "metrics" });
  table.append(el("caption", { text: "Outcome" }));
  const head = el("tr", {}, [el("th", { scope: "col", text: "metric" }), el("th", { scope: "col", text: "value" })]);
  table.append(el("thead", {}, [head]));
  const body = el("tbody");
  for (const [name, value] of rows) {
    body.append(el("tr", {}, [el("th", { scope: "row", text: name }), el("td", { text: value })]));
  }
  table.append(body);
  return table;
}

const SVG_NS = "http://www.w3.org/2000/svg";

// An SVG element with its attributes (widgets draw their boards with it).
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}
