// The accounts that act together in the selection's tweets (coordinated-accounts): each cluster drawn
// in its own colour with a force layout, the accounts named, and the clusters listed, largest first.
import { query } from './api.js';
import { Controls, GREY, PALETTE, Panel, cell, chartIn } from './panel.js';
import { queryParams } from './selection.js';

const panel = new Panel('coordination');
export const coordinationControls = new Controls(panel, ['trace', 'minTraces', 'threshold']);

/** @param onUser called with an account's id and name when its node is clicked */
export function showCoordination(selection, onUser) {
  return panel.show(async () => {
    const c = coordinationControls;
    const params = { ...queryParams(selection), trace: c.value('trace'), minTraces: c.value('minTraces'),
      threshold: c.value('threshold') };
    const answer = await query('coordinated-accounts', params);
    const { clusters } = answer.coordination;
    const nodes = clusters.flatMap(cluster => cluster.accounts.map(account => ({
      id: String(account.userId), name: `@${account.screenName}`, value: account.traces, category: cluster.cluster - 1,
      symbolSize: 8 + 4 * Math.sqrt(account.traces),
      itemStyle: { color: PALETTE[cluster.cluster - 1] ?? GREY },
      label: { show: cluster.cluster <= PALETTE.length },
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
    cell(row, String(cluster.cluster)).style.color = PALETTE[cluster.cluster - 1] ?? '';
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
