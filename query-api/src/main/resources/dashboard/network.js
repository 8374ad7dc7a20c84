// The retweet or mention network of the selection (diffusion-edges of one type), drawn so that its
// structure shows: its connected components largest first, as many as the panel's control says, each
// in its own colour; edges drawn thicker with weight; the heaviest users named on the graph and listed
// beside it, where each can be expanded: their edges the caps left out are asked for and drawn too.
import { query } from './api.js';
import { Controls, GREY, PALETTE, Panel, cell, chartIn } from './panel.js';
import { queryParams } from './selection.js';

const panel = new Panel('network');
export const networkControls = new Controls(panel, ['components']);
/** How many of the heaviest users drawn are named on the graph (the rest on hover) and listed. */
const NAMED = 15;

/** What is drawn: the edges by "source>target", the users' names, and what was asked. */
let drawn = null;

/**
 * @param names screen names by user id, where known beside the edges' own
 * @param onUser called with a user's id and screen name when their node is clicked
 */
export function showNetwork(selection, names, onUser) {
  return panel.show(async () => {
    const params = { ...queryParams(selection), types: selection.network, limit: selection.edges };
    const answer = await query('diffusion-edges', params);
    const components = componentsOf(answer.rows);
    const wanted = Math.max(1, Number(networkControls.value('components')) || 1);
    const shown = components.slice(0, wanted);
    drawn = { params, onUser, names: new Map(names), edges: new Map(), expanded: [] };
    shown.flat().forEach(edge => add(edge));
    answer.rows.forEach(edge => nameFrom(edge));
    draw();
    const box = panel.part('.chart');
    box.dataset.components = shown.length;
    box.dataset.of = components.length;
    panel.note(describe(selection.network, answer, shown.length, components.length));
    panel.downloads({
      GraphML: ['diffusion-edges', params, 'graphml'],
      'GEXF (dynamic)': ['diffusion-edges', params, 'gexf'],
      CSV: ['diffusion-edges', params, 'csv'],
    });
  });
}

/** Asks for every edge from or to the user (no cap but the selection's) and draws the ones not drawn. */
export function expand(userId) {
  return panel.show(async () => {
    const answer = await query('diffusion-edges', { ...drawn.params, around: userId });
    const before = drawn.edges.size;
    answer.rows.forEach(edge => {
      nameFrom(edge);
      add(edge);
    });
    drawn.expanded.push(userId);
    draw();
    panel.note(`${panel.noteLine.textContent.replace(/ Expanded .*$/, '')} Expanded from ${label(userId)}: `
      + `${drawn.edges.size - before} more edges.`);
  });
}

/** The answer's edges by connected component (ignoring direction): most users first, then most edges, then the heaviest edge's place. */
function componentsOf(rows) {
  const parent = new Map();
  const root = id => {
    while (parent.get(id) !== id) {
      parent.set(id, parent.get(parent.get(id)));
      id = parent.get(id);
    }
    return id;
  };
  for (const edge of rows) {
    for (const end of ends(edge)) if (!parent.has(end)) parent.set(end, end);
    const [a, b] = ends(edge).map(root);
    if (a !== b) parent.set(a, b);
  }
  const byRoot = new Map();
  rows.forEach((edge, at) => {
    const r = root(ends(edge)[0]);
    if (!byRoot.has(r)) byRoot.set(r, { edges: [], users: new Set(), first: at });
    const c = byRoot.get(r);
    c.edges.push(edge);
    ends(edge).forEach(end => c.users.add(end));
  });
  return [...byRoot.values()]
    .sort((a, b) => b.users.size - a.users.size || b.edges.length - a.edges.length || a.first - b.first)
    .map(c => c.edges);
}

function ends(edge) {
  return [String(edge.source), String(edge.target)];
}

function add(edge) {
  const key = `${edge.source}>${edge.target}`;
  if (!drawn.edges.has(key)) drawn.edges.set(key, edge);
}

function nameFrom(edge) {
  const [source, target] = ends(edge);
  if (edge.sourceName) drawn.names.set(source, edge.sourceName);
  if (edge.targetName && !drawn.names.has(target)) drawn.names.set(target, edge.targetName);
}

function label(id) {
  return drawn.names.has(id) ? `@${drawn.names.get(id)}` : id;
}

/** Draws what {@link drawn} holds, each component in its colour, and lists the heaviest users. */
function draw() {
  const edges = [...drawn.edges.values()];
  const weights = new Map();
  for (const edge of edges) { // a user retweeting themselves counts once
    for (const end of new Set(ends(edge))) weights.set(end, (weights.get(end) || 0) + edge.weight);
  }
  const colourOf = new Map();
  componentsOf(edges).forEach((component, c) => component.forEach(edge => ends(edge)
    .forEach(end => colourOf.set(end, PALETTE[c] ?? GREY))));
  const heaviest = [...weights].sort((a, b) => b[1] - a[1]).slice(0, NAMED).map(([id]) => id);
  const named = new Set(heaviest);
  const most = Math.max(1, ...weights.values());
  const heaviestEdge = Math.max(1, ...edges.map(e => e.weight));
  const nodes = [...weights].map(([id, weight]) => ({
    id, name: label(id), value: weight, symbolSize: 6 + 26 * Math.sqrt(weight / most),
    itemStyle: { color: colourOf.get(id) }, label: { show: named.has(id) },
  }));
  const chart = chartIn(panel);
  chart.setOption({
    tooltip: { formatter: item => item.dataType === 'edge'
      ? `${label(item.data.source)} → ${label(item.data.target)}: ${item.data.value}`
      : `${item.data.name}: weight ${item.data.value}` },
    series: [{
      type: 'graph', layout: 'force', roam: true, draggable: true,
      force: { repulsion: 120, edgeLength: [30, 80], gravity: 0.1 },
      edgeSymbol: ['none', 'arrow'], edgeSymbolSize: 6,
      lineStyle: { color: '#5b6270', opacity: 0.8, curveness: 0.1 },
      label: { position: 'right', fontSize: 11 }, emphasis: { focus: 'adjacency', label: { show: true } },
      data: nodes,
      edges: edges.map(edge => ({ source: String(edge.source), target: String(edge.target), value: edge.weight,
        lineStyle: { width: 1 + 3 * Math.sqrt(edge.weight / heaviestEdge) } })),
    }],
  }, true);
  chart.off('click');
  chart.on('click', item => {
    if (item.dataType === 'node') drawn.onUser(item.data.id, drawn.names.get(item.data.id));
  });
  const box = panel.part('.chart');
  box.dataset.nodes = nodes.length;
  box.dataset.edges = edges.length;
  list(heaviest, weights);
}

function list(users, weights) {
  const body = panel.part('.user-list tbody');
  body.replaceChildren(...users.map(id => {
    const row = document.createElement('tr');
    row.dataset.user = id;
    cell(row, label(id));
    cell(row, String(weights.get(id))).className = 'number';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = drawn.expanded.includes(id) ? 'expanded' : 'expand';
    button.disabled = drawn.expanded.includes(id);
    button.addEventListener('click', async () => {
      document.body.dataset.state = 'loading';
      await expand(id);
      document.body.dataset.state = 'ready';
    });
    row.append(document.createElement('td'));
    row.lastChild.append(button);
    return row;
  }));
}

function describe(type, answer, shown, components) {
  const cut = (answer.meta.cuts || []).find(c => c.what === 'edges');
  const edges = cut ? `the ${cut.kept} heaviest of ${cut.of} ${type} edges (capped: raise “top N edges” for more)`
    : `${answer.rows.length} ${type} edges`;
  const box = panel.part('.chart');
  return `${box.dataset.nodes} users and ${box.dataset.edges} edges drawn: the ${shown} largest of `
    + `${components} components of ${edges}. Click a user to read their tweets; expand one to draw the edges the caps left out.`;
}
