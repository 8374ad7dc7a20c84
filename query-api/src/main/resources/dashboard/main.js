// The dashboard: the selection (in the URL) drives every view; a clicked user opens their tweets.
import { fromForm, fromUrl, toForm, toUrl } from './selection.js';
import { showTrend } from './trend.js';
import { showCooccurring, showUsers } from './rankings.js';
import { networkControls, showNetwork } from './network.js';
import { coordinationControls, showCoordination } from './coordination.js';
import { showMemeTweets, showUserTweets } from './tweets.js';
import { showJobs } from './jobs.js';
import { showCatalog } from './catalog.js';

const form = document.getElementById('selection');
let current = fromUrl();
const controls = [networkControls, coordinationControls];
/** The top posters' names, which name the network's users where its edges do not. */
let topNames = new Map();

const onUser = (userId, screenName) => showUserTweets(current, userId, screenName);

/** Every view of one selection; the page says "ready" once all have answered (or shown their error). */
async function showAll(selection) {
  document.body.dataset.state = 'loading';
  document.title = `${selection.memes} · Observatory`;
  await Promise.allSettled([
    showTrend(selection).then(() => performance.mark('trend-shown')),
    showCooccurring(selection),
    showMemeTweets(selection),
    showUsers(selection, onUser).then(names => {
      topNames = names ?? new Map();
      return showNetwork(selection, topNames, onUser);
    }),
    showCoordination(selection, onUser),
  ]);
  document.body.dataset.state = 'ready';
}

/** A panel's controls, submitted, ask that panel again. */
function redrawOnSubmit(id, controlsOfPanel, show) {
  document.querySelector(`#${id} form`).addEventListener('submit', async event => {
    event.preventDefault();
    controlsOfPanel.toUrl();
    if (current) {
      document.body.dataset.state = 'loading';
      await show(current);
      document.body.dataset.state = 'ready';
    }
  });
}

redrawOnSubmit('network', networkControls, selection => showNetwork(selection, topNames, onUser));
redrawOnSubmit('coordination', coordinationControls, selection => showCoordination(selection, onUser));

form.addEventListener('submit', event => {
  event.preventDefault();
  current = fromForm(form);
  toUrl(current);
  controls.forEach(c => c.toUrl());
  showAll(current);
});

window.addEventListener('popstate', () => {
  current = fromUrl();
  controls.forEach(c => c.fromUrl());
  if (current) {
    toForm(form, current);
    showAll(current);
  }
});

controls.forEach(c => c.fromUrl());
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
