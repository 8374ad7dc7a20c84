// The memes that share the selection's tweets (meme-cooccurrence-count) and the users who posted most
// of them (user-post-count), the top of each as a bar chart.
import { query } from './api.js';
import { Panel, chartIn } from './panel.js';
import { queryParams } from './selection.js';

const SHOWN = 20;
const cooccurring = new Panel('cooccurring');
const users = new Panel('users');

export function showCooccurring(selection) {
  return cooccurring.show(async () => {
    const params = queryParams(selection);
    const answer = await query('meme-cooccurrence-count', params);
    const top = Object.entries(answer.counts).slice(0, SHOWN);
    bars(cooccurring, top.map(([meme]) => meme), top.map(([, count]) => count));
    cooccurring.part('.chart').dataset.memes = Object.keys(answer.counts).length;
    cooccurring.downloads({ CSV: ['meme-cooccurrence-count', params, 'csv'],
      'meme network GraphML': ['meme-network', params, 'graphml'] });
  });
}

/**
 * @param onUser called with a user's id and screen name when their bar is clicked
 * @return the posters' screen names by user id, to label a network's nodes with
 */
export function showUsers(selection, onUser) {
  return users.show(async () => {
    const params = queryParams(selection);
    const answer = await query('user-post-count', params);
    const top = answer.rows.slice(0, SHOWN);
    const chart = bars(users, top.map(row => `@${row.screenName}`), top.map(row => row.count));
    chart.off('click');
    chart.on('click', event => onUser(top[event.dataIndex].userId, top[event.dataIndex].screenName));
    users.part('.chart').dataset.users = answer.rows.length;
    users.downloads({ CSV: ['user-post-count', params, 'csv'] });
    return new Map(answer.rows.map(row => [String(row.userId), row.screenName]));
  });
}

function bars(panel, labels, values) {
  const chart = chartIn(panel);
  chart.setOption({
    tooltip: {},
    grid: { left: 160, right: 30, top: 10, bottom: 20 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: labels, inverse: true, axisLabel: { width: 150, overflow: 'truncate' } },
    series: [{ type: 'bar', data: values, label: { show: true, position: 'right' } }],
  }, true);
  return chart;
}
