// The months that have tables, and the index catalog: which table each index of each month answers from,
// for the platform the selection names (both: every platform's).
import { get } from './api.js';
import { Panel, cell } from './panel.js';

const panel = new Panel('catalog');

export function showCatalog(platform) {
  return panel.show(async () => {
    const [months, all] = await Promise.all([get('/months', { platform }), get('/indexes')]);
    const indexes = all.filter(index => platform === 'both' || index.platform === platform);
    const names = Object.keys(months);
    panel.part('.months').textContent = names.length
      ? `${names.length} months stored, ${names[0]} to ${names[names.length - 1]}: the indexes of each`
      : 'No months stored yet: load tweets first (observatory load FILES)';
    panel.part('.index-list tbody').replaceChildren(...indexes.map(index => {
      const row = document.createElement('tr');
      cell(row, index.month);
      cell(row, index.index);
      cell(row, index.revision);
      cell(row, index.builtBy ?? '');
      cell(row, index.builtAt ?? '');
      cell(row, index.problem ?? (index.rebuild ? 'rebuilding' : 'in use'));
      return row;
    }));
  });
}
