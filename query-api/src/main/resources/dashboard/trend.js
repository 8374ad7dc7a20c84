// The trend: each meme's tweets per day or hour (timestamp-count), overlaid, with its total (meme-post-count).
import { query } from './api.js';
import { Panel, chartIn, cell } from './panel.js';
import { queryParams } from './selection.js';

const panel = new Panel('trend');

export function showTrend(selection) {
  return panel.show(async () => {
    const memes = selection.memes.split(',');
    const params = queryParams(selection);
    const [totals, ...series] = await Promise.all([
      query('meme-post-count', params),
      ...memes.map(meme => query('timestamp-count', { ...params, memes: meme, granularity: selection.granularity })),
    ]);
    const times = Object.keys(series[0].counts);
    chartIn(panel).setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 50, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: times },
      yAxis: { type: 'value', minInterval: 1 },
      series: memes.map((meme, i) => ({
        name: `${meme} (${totals.counts[meme]})`, type: 'line', showSymbol: times.length < 60,
        data: times.map(time => series[i].counts[time]),
      })),
    }, true);
    fillTotals(memes, totals.counts);
    fillSeries(memes, times, series);
    panel.note(`${totals.meta.months.length ? totals.meta.months.join(', ') : 'no month'} read, ` +
      `${totals.meta.evaluation}, ${totals.meta.millis} ms`);
    panel.downloads({
      'counts CSV': ['meme-post-count', params, 'csv'],
      'per interval (memes together) CSV': ['timestamp-count', { ...params, granularity: selection.granularity }, 'csv'],
    });
  });
}

function fillTotals(memes, counts) {
  const body = panel.part('.totals tbody');
  body.replaceChildren(...memes.map(meme => {
    const row = document.createElement('tr');
    cell(row, meme);
    cell(row, counts[meme]).className = 'number';
    return row;
  }));
}

function fillSeries(memes, times, series) {
  const table = panel.part('.series');
  const head = document.createElement('tr');
  for (const title of ['time', ...memes]) cell(head, title);
  table.replaceChildren(head, ...times.map(time => {
    const row = document.createElement('tr');
    cell(row, time);
    for (const answer of series) cell(row, answer.counts[time]).className = 'number';
    return row;
  }));
}
