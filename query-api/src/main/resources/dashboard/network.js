// The retweet or mention network of the selection (diffusion-edges of one type), drawn with a force
// layout: a node's size grows with the weight of its edges, and the heaviest edges are kept.
import { query } from './api.js';
import { Panel, chartIn } from './panel.js';
import { queryParams } from './selection.js';

const panel = new Panel('network');

/**
 * @param names screen names by user id, where known
 * @param onUser called with a user's id and screen name when their node is clicked
 */
export function showNetwork(selection, names, onUser) {
  return panel.show(async () => {
    const params = { ...queryParams(selection), types: selection.network, limit: selection.edges };
    const answer = await query('diffusion-edges', params);
    const weights = new Map();
    for (const edge of answer.rows) {
      for (const user of [String(edge.source), String(edge.target)]) {
        weights.set(user, (weights.get(user) || 0) + edge.weight);
      }
    }
    const heaviest = Math.max(1, ...weights.values());
    const nodes = [...weights].map(([id, weight]) => ({
      id, name: names.has(id) ? `@${names.get(id)}` : id, value: weight,
      symbolSize: 6 + 30 * Math.sqrt(weight / heaviest),
    }));
    const chart = chartIn(panel);
    chart.setOption({
      tooltip: { formatter: item => item.dataType === 'edge'
        ? `${item.data.source} → ${item.data.target}: ${item.data.value}` : `${item.data.name}: weight ${item.data.value}` },
      series: [{
        type: 'graph', layout: 'force', roam: true, draggable: true,
        force: { repulsion: 40, edgeLength: 30, gravity: 0.3 },
        edgeSymbol: ['none', 'arrow'], edgeSymbolSize: 5,
        lineStyle: { color: '#8a8f98', opacity: 0.7, curveness: 0.1 },
        label: { show: false }, emphasis: { focus: 'adjacency', label: { show: true } },
        data: nodes,
        edges: answer.rows.map(edge => ({ source: String(edge.source), target: String(edge.target), value: edge.weight })),
      }],
    }, true);
    chart.off('click');
    chart.on('click', item => {
      if (item.dataType === 'node') onUser(item.data.id, names.get(item.data.id));
    });
    const box = panel.part('.chart');
    box.dataset.nodes = nodes.length;
    box.dataset.edges = answer.rows.length;
    panel.note(describe(selection.network, nodes.length, answer));
    panel.downloads({
      GraphML: ['diffusion-edges', params, 'graphml'],
      'GEXF (dynamic)': ['diffusion-edges', params, 'gexf'],
      CSV: ['diffusion-edges', params, 'csv'],
    });
  });
}

function describe(type, nodes, answer) {
  const cut = (answer.meta.cuts || []).find(c => c.what === 'edges');
  const edges = cut ? `the ${cut.kept} heaviest of ${cut.of} ${type} edges (capped: raise “top N edges” for more)`
    : `${answer.rows.length} ${type} edges`;
  return `${nodes} users, ${edges}. Click a user to read their tweets.`;
}
