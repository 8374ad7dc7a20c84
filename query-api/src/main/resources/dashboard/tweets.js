// The matching tweets, a page at a time, read from the lookup's NDJSON stream as far as the analyst pages.
import { tweetStream } from './api.js';
import { Panel } from './panel.js';
import { queryParams } from './selection.js';

const PAGE = 20;
const panel = new Panel('tweets');
let current = null;

/** The tweets with the selection's memes. */
export function showMemeTweets(selection) {
  return show('get-tweets-with-meme', queryParams(selection), `with ${selection.memes}`);
}

/** The tweets a user posted in the selection's window. */
export function showUserTweets(selection, userId, screenName) {
  const params = { platform: selection.platform, user: String(userId), start: selection.start, end: selection.end };
  panel.element.scrollIntoView({ behavior: 'smooth' });
  return show('get-tweets-with-user', params, `by ${screenName ? '@' + screenName : 'user ' + userId}`);
}

function show(name, params, what) {
  return panel.show(async () => {
    if (current) current.cancel();
    panel.part('.tweet-list').replaceChildren();
    current = await tweetStream(name, { ...params, fields: 'json' });
    panel.note(`${current.total} tweets ${what}`);
    panel.downloads({ NDJSON: [name, params, 'ndjson'], CSV: [name, params, 'csv'], ids: [name, params, 'ids'] });
    await nextPage(current);
  });
}

async function nextPage(stream) {
  const list = panel.part('.tweet-list');
  const tweets = await stream.next(PAGE);
  if (stream !== current) return;
  list.append(...tweets.map(tweetItem));
  const more = panel.part('.more');
  more.hidden = list.children.length >= stream.total || tweets.length < PAGE;
  more.onclick = () => panel.show(() => nextPage(stream));
}

function tweetItem(tweet) {
  const item = document.createElement('li');
  const who = document.createElement('a');
  const screenName = tweet.user?.screen_name ?? '';
  who.href = `https://twitter.com/${encodeURIComponent(screenName)}`;
  who.textContent = `@${screenName}`;
  const when = document.createElement('a');
  when.href = `https://twitter.com/${encodeURIComponent(screenName)}/status/${tweet.id_str}`;
  when.textContent = new Date(Date.parse(tweet.created_at)).toISOString().replace('.000Z', 'Z');
  when.className = 'time';
  const text = document.createElement('p');
  text.textContent = tweet.extended_tweet?.full_text ?? tweet.text ?? '';
  item.append(who, ' ', when, text);
  return item;
}
