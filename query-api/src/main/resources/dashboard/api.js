// The service's REST API as the dashboard asks it: every error is thrown with the API's own message.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A path with its parameters, those without a value left out. */
export function url(path, params = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Ids beyond 2^53 (users and tweets from 2016 on) kept exactly, as strings, instead of rounded. */
function parseJson(text) {
  return JSON.parse(text, (key, value, context) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)
      ? context.source : value);
}

async function failure(response) {
  const text = await response.text();
  try {
    return new ApiError(response.status, JSON.parse(text).message || text);
  } catch {
    return new ApiError(response.status, `${response.status} ${response.statusText || text}`);
  }
}

// A service with keys answers 401 until the page sends one: asked for, and kept for the tab's life.
const KEY = 'observatory.key';
const ASK = 'This Observatory needs an API key (its operator makes one with `observatory keys create`):';
let asking = null; // the one prompt open: every request refused meanwhile waits for its answer

function withKey(headers, key) {
  return key ? { ...headers, Authorization: `Bearer ${key}` } : headers;
}

// A key has its share (a few queries at once, so many a second), which a page of views can exceed for a
// moment: a 429 that says to wait briefly is waited out; a longer one (too many jobs) is shown.
const MAX_WAITS = 5;
const MAX_WAIT_SECONDS = 5;
const pause = seconds => new Promise(resolve => setTimeout(resolve, seconds * 1000));

/** Seconds a 429 says to wait, when it is briefly enough to wait them out; else null. */
function briefWait(response) {
  if (response.status !== 429) return null;
  const seconds = Number(response.headers.get('Retry-After') || 1);
  return seconds > 0 && seconds <= MAX_WAIT_SECONDS ? seconds : null;
}

/**
 * fetch, with the key if there is one: while the service refuses the key, asks for another until one
 * works or none is given; over the key's share for a moment, waits as told and asks again.
 */
async function keyedFetch(target, init = {}) {
  let key = sessionStorage.getItem(KEY);
  for (let waits = 0; ;) {
    const response = await fetch(target, { ...init, headers: withKey(init.headers, key) });
    const wait = briefWait(response);
    if (wait !== null && waits++ < MAX_WAITS) {
      await pause(wait);
      continue;
    }
    if (response.status !== 401) return response;
    const kept = sessionStorage.getItem(KEY);
    if (kept !== key) { // another request was given a key meanwhile
      key = kept;
      continue;
    }
    key = await askForKey(key !== null);
    if (!key) return response; // none given: the panel shows the refusal
  }
}

function askForKey(refused) {
  asking ??= Promise.resolve().then(() => {
    const given = window.prompt(refused ? `That key was refused (revoked, or mistyped). ${ASK}` : ASK)?.trim();
    if (given) sessionStorage.setItem(KEY, given);
    return given || null;
  }).finally(() => { asking = null; });
  return asking;
}

/** A download link that carries the key in a header, never in its URL (where logs would keep it). */
export function keyedDownload(link) {
  link.onclick = async event => {
    if (!sessionStorage.getItem(KEY)) return;
    event.preventDefault();
    const response = await keyedFetch(link.href);
    if (!response.ok) return;
    const saved = document.createElement('a');
    saved.href = URL.createObjectURL(await response.blob());
    saved.download = link.download;
    saved.click();
    URL.revokeObjectURL(saved.href);
  };
  return link;
}

async function send(method, path, params) {
  let response;
  try {
    response = await keyedFetch(url(path, params), { method, headers: { Accept: 'application/json' } });
  } catch (e) {
    throw new ApiError(0, `the service could not be reached (${e.message})`);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

export async function get(path, params) {
  return parseJson(await (await send('GET', path, params)).text());
}

export async function post(path, params) {
  return parseJson(await (await send('POST', path, params)).text());
}

export async function remove(path) {
  await send('DELETE', path);
}

export const query = (name, params) => get(`/queries/${name}`, params);

/**
 * A lookup's tweets, read from its NDJSON stream only as far as asked: {@code total} is the number of
 * matching tweets, {@code next(n)} the next n of them (fewer at the end). Nothing beyond is held.
 */
export async function tweetStream(name, params) {
  const response = await keyedFetch(url(`/queries/${name}`, params), { headers: { Accept: 'application/x-ndjson' } });
  if (!response.ok) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let done = false;
  return {
    total: Number(response.headers.get('X-Observatory-Tweets')),
    async next(n) {
      const lines = [];
      while (lines.length < n) {
        const newline = buffered.indexOf('\n');
        if (newline >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.trim()) lines.push(parseJson(line));
        } else if (done) {
          if (buffered.trim()) lines.push(parseJson(buffered));
          buffered = '';
          break;
        } else {
          const chunk = await reader.read();
          if (chunk.done) done = true; else buffered += chunk.value;
        }
      }
      return lines;
    },
    cancel() { reader.cancel(); },
  };
}
