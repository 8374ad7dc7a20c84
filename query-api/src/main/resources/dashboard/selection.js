// The analyst's selection lives in the page's URL, so that a view can be shared or bookmarked.

const FIELDS = ['platform', 'memes', 'start', 'end', 'granularity', 'network', 'edges'];
const DEFAULTS = { platform: 'twitter', granularity: 'day', network: 'retweet', edges: '200' };

/** The selection the URL holds, defaults filled in; null when it names no memes yet. */
export function fromUrl() {
  const params = new URLSearchParams(window.location.search);
  const selection = {};
  for (const field of FIELDS) selection[field] = params.get(field) ?? DEFAULTS[field] ?? '';
  return selection.memes ? selection : null;
}

export function toUrl(selection) {
  const params = new URLSearchParams();
  for (const field of FIELDS) if (selection[field]) params.set(field, selection[field]);
  window.history.pushState(null, '', `?${params}`);
}

export function fromForm(form) {
  const data = new FormData(form);
  const selection = {};
  for (const field of FIELDS) selection[field] = String(data.get(field) ?? '').trim();
  selection.memes = selection.memes.split(',').map(m => m.trim()).filter(Boolean).join(',');
  return selection;
}

export function toForm(form, selection) {
  for (const field of FIELDS) if (selection[field] !== undefined) form.elements[field].value = selection[field];
}

/** The parameters every query of the selection shares: whose posts, which memes, when. */
export function queryParams(selection) {
  return { platform: selection.platform, memes: selection.memes, start: selection.start, end: selection.end };
}
