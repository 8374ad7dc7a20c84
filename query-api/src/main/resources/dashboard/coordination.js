// The accounts that act together in the selection's tweets (coordinated-accounts): each cluster drawn
// in its own colour with a force layout, the accounts named, and the clusters listed, largest first.
import { query } from './api.js';
import { Panel, cell, chartIn } from './panel.js';
import { queryParams } from './selection.js';

const panel = new Panel('coordination');
/** Clusters beyond these many are drawn grey: a palette of more colours tells none apart. */
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f'];

/** What the panel's controls ask, kept in the page's URL beside the selection so that a view can be shared. */
const CONTROLS = ['trace', 'minTraces', 'threshold'];

/** Sets the controls to what the URL says, where it says it. */
export function controlsFromUrl() {
  const params = new URLSearchParams(window.location.search);
  const form = panel.part('.coordination-controls');
  for (const name of CONTROLS) if (params.get(name)) form.elements[name].value = params.get(name);
}

/** Puts the controls in the URL, replacing what it said of them. */
export function controlsToUrl() {
  const params = new URLSearchParams(window.location.search);
  const form = panel.part('.coordination-controls');
  for (const name of CONTROLS) params.set(name, form.elements[name].value);
  window.history.replaceState(null, '', `?${params}`);
}

/** @param onUser called with an account's id and name when its node is clicked */
export function showCoordination(selection, onUser) {
  return panel.show(async () => {
    const form = panel.part('.coordination-controls');
    const params = { ...queryParams(selection), trace: form.elements.trace.value,
      minTraces: form.elements.minTraces.value, threshold: form.elements.threshold.value };
    const answer = await query('coordinated-accounts', params);
    const { clusters } = answer.coordination;
    const nodes = clusters.flatMap(cluster => cluster.accounts.map(account => ({
      id: String(account.userId), name: `@${account.screenName}`, value: account.traces, category: cluster.cluster - 1,
      symbolSize: 8 + 4 * Math.sqrt(account.traces),
      itemStyle: { color: COLOURS[cluster.cluster - 1] ?? '#b0b4ba' },
      label: { show: cluster.cluster <= COLOURS.length },
    })));
    const chart = chartIn(panel);
    chart.setOption({
      tooltip: { formatter: item => item.dataType === 'edge'
        ? `${item.data.names}: ${item.data.value} alike` : `${item.data.name}: ${item.data.value} traces` },
      series: [{
        type: 'graph', layout: 'force', roam: true, draggable: true,
        force: { repulsion: 160, edgeLength: [30, 90], gravity: 0.1 },
        lineStyle: { color: '#8a8f98', opacity: 0.6 },
        label: { position: 'right', fontSize: 11 }, emphasis: { focus: 'adjacency', label: { show: true } },
        data: nodes,
        edges: answer.rows.map(edge => ({ source: String(edge.source), target: String(edge.target), value: edge.weight,
          names: `@${edge.sourceName} – @${edge.targetName}` })),
      }],
    }, true);
    chart.off('click');
    chart.on('click', item => {
      if (item.dataType === 'node') onUser(item.data.id, item.data.name.slice(1));
    });
    const box = panel.part('.chart');
    box.dataset.nodes = nodes.length;
    box.dataset.edges = answer.rows.length;
    box.dataset.clusters = clusters.length;
    list(clusters);
    panel.note(describe(params, answer));
    panel.downloads({
      GraphML: ['coordinated-accounts', params, 'graphml'],
      GEXF: ['coordinated-accounts', params, 'gexf'],
      CSV: ['coordinated-accounts', params, 'csv'],
    });
  });
}

function list(clusters) {
  const body = panel.part('.cluster-list tbody');
  body.replaceChildren(...clusters.map(cluster => {
    const row = document.createElement('tr');
    cell(row, String(cluster.cluster)).style.color = COLOURS[cluster.cluster - 1] ?? '';
    cell(row, String(cluster.size)).className = 'number';
    cell(row, cluster.accounts.map(account => `@${account.screenName}`).join(' '));
    return row;
  }));
}

function describe(params, answer) {
  const c = answer.coordination;
  return `${c.pairs} pairs of accounts at least ${params.threshold} alike by ${params.trace}, in `
    + `${c.clusters.length} clusters; ${c.accountsKept} of the ${c.accounts} accounts that left a trace left `
    + `${params.minTraces} or more. Click an account to read its tweets.`;
}
