// Background jobs: any query of the catalogue run for the selection, watched until it ends.
import { get, keyedDownload, post, remove, url } from './api.js';
import { Panel, cell } from './panel.js';
import { queryParams } from './selection.js';

const WATCH_MILLIS = 1000;
const panel = new Panel('jobs');
let watching = null;

/** Fills the query list from the service's catalogue (those a meme selection can ask), then the job list. */
export async function showJobs(currentSelection) {
  await panel.show(async () => {
    const catalogue = await get('/queries');
    const select = panel.part('.submit-job select');
    select.replaceChildren(...catalogue.filter(q => q.parameters.includes('memes')).map(q => {
      const option = document.createElement('option');
      option.value = q.name;
      option.textContent = q.name;
      option.dataset.answer = q.answer;
      return option;
    }));
    panel.part('.submit-job').onsubmit = event => {
      event.preventDefault();
      const selection = currentSelection();
      if (!selection) return panel.error('type memes and a window first');
      panel.show(async () => {
        await post(`/jobs/${select.value}`, queryParams(selection));
        await refresh();
      });
    };
    await refresh();
  });
}

async function refresh() {
  const jobs = await get('/jobs');
  panel.part('.job-list tbody').replaceChildren(...jobs.map(jobRow));
  clearTimeout(watching);
  if (jobs.some(job => job.state === 'QUEUED' || job.state === 'RUNNING')) {
    watching = setTimeout(() => panel.show(refresh), WATCH_MILLIS);
  }
}

function jobRow(job) {
  const row = document.createElement('tr');
  row.dataset.state = job.state;
  cell(row, job.id.slice(0, 8)).title = job.id;
  cell(row, job.query);
  cell(row, new URLSearchParams(job.parameters).toString().replaceAll('&', ' '));
  cell(row, job.message ? `${job.state}: ${job.message}` : job.state);
  const progress = document.createElement('progress');
  progress.max = 1;
  progress.value = job.progress;
  cell(row, '').append(progress, ` ${Math.round(job.progress * 100)} %`);
  const results = cell(row, '');
  if (job.state === 'SUCCEEDED') {
    const formats = job.lines !== undefined ? ['ndjson'] : ['json', 'csv'];
    for (const format of formats) {
      const link = document.createElement('a');
      link.href = url(`/jobs/${job.id}/results`, { format });
      link.textContent = format;
      link.download = `${job.query}-${job.id.slice(0, 8)}.${format}`;
      results.append(keyedDownload(link), ' ');
    }
    results.append(job.lines !== undefined ? `${job.lines} tweets` : '');
  }
  const drop = document.createElement('button');
  drop.type = 'button';
  drop.textContent = job.state === 'QUEUED' || job.state === 'RUNNING' ? 'cancel' : 'delete';
  drop.onclick = () => panel.show(async () => {
    await remove(`/jobs/${job.id}`);
    await refresh();
  });
  cell(row, '').append(drop);
  return row;
}
