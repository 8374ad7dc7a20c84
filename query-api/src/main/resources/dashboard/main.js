// The dashboard: the selection (in the URL) drives every view; a clicked user opens their tweets.
import { fromForm, fromUrl, toForm, toUrl } from './selection.js';
import { showTrend } from './trend.js';
import { showCooccurring, showUsers } from './rankings.js';
import { showNetwork } from './network.js';
import { controlsFromUrl, controlsToUrl, showCoordination } from './coordination.js';
import { showMemeTweets, showUserTweets } from './tweets.js';
import { showJobs } from './jobs.js';
import { showCatalog } from './catalog.js';

const form = document.getElementById('selection');
let current = fromUrl();

const onUser = (userId, screenName) => showUserTweets(current, userId, screenName);

/** Every view of one selection; the page says "ready" once all have answered (or shown their error). */
async function showAll(selection) {
  document.body.dataset.state = 'loading';
  document.title = `${selection.memes} · Observatory`;
  await Promise.allSettled([
    showTrend(selection).then(() => performance.mark('trend-shown')),
    showCooccurring(selection),
    showMemeTweets(selection),
    showUsers(selection, onUser).then(names => showNetwork(selection, names ?? new Map(), onUser)),
    showCoordination(selection, onUser),
  ]);
  document.body.dataset.state = 'ready';
}

document.querySelector('#coordination form').addEventListener('submit', async event => {
  event.preventDefault();
  controlsToUrl();
  if (current) {
    document.body.dataset.state = 'loading';
    await showCoordination(current, onUser);
    document.body.dataset.state = 'ready';
  }
});

form.addEventListener('submit', event => {
  event.preventDefault();
  current = fromForm(form);
  toUrl(current);
  controlsToUrl();
  showAll(current);
});

window.addEventListener('popstate', () => {
  current = fromUrl();
  controlsFromUrl();
  if (current) {
    toForm(form, current);
    showAll(current);
  }
});

controlsFromUrl();
if (current) {
  toForm(form, current);
  showAll(current);
} else {
  document.querySelector('#trend .note').textContent =
    'Type memes (#hashtag, @user, a URL, #prefix*) and a window above, then Show.';
  document.body.dataset.state = 'ready';
}
showJobs(() => current);
showCatalog(current?.platform || 'twitter');
