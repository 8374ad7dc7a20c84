package org.observatory.loader.bluesky;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import org.observatory.loader.Ingest;
import org.observatory.loader.LineIngest;
import org.observatory.loader.LoadCounter;
import org.observatory.loader.LoadCounters;
import org.observatory.loader.RejectedLines;
import org.observatory.schemas.bluesky.AtUri;
import org.observatory.schemas.bluesky.BlueskyStatus;
import org.observatory.schemas.bluesky.JetstreamEvent;
import org.observatory.schemas.bluesky.JetstreamParser;
import org.observatory.schemas.bluesky.PostRecord;
import org.observatory.schemas.bluesky.Tid;
import org.observatory.schemas.tables.WrittenHours;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.TweetParser;

/**
 * Bluesky's Jetstream events on their way to the tables, a batch at a time: posts and reposts become
 * the statuses {@link BlueskyStatus} writes, deletes of either become delete notices, an account deleted
 * or taken down becomes a delete notice for each of its posts, identity events and mention facets
 * keep each DID's handles; then all of it goes through {@link Ingest} as Twitter's lines do. Events of
 * other collections (likes, follows, profiles...) are counted as other notices and not stored. Bad
 * events are counted and set aside. Not thread-safe: one per input or stream segment.
 */
public final class JetstreamIngest implements LineIngest {
  static final int BATCH_EVENTS = 2000;
  /** Bluesky's first posts: a TID older than this is a client's invention, not a time to file a post by. */
  private static final long FIRST_POST_MILLIS = Instant.parse("2022-11-01T00:00:00Z").toEpochMilli();
  private static final TweetParser PARSER = new TweetParser();

  private final Ingest ingest;
  private final BlueskyStore store;
  private final LoadCounters counters;
  private final List<Pending> pending = new ArrayList<>();

  /** An event taken, with what was read of it: a post's record, a repost's subject. */
  private record Pending(long number, String text, RejectedLines rejects, JetstreamEvent event, PostRecord post,
      AtUri subject) {
    long millis() {
      return event.timeUs() / 1000;
    }
  }

  JetstreamIngest(Ingest ingest, BlueskyStore store, LoadCounters counters) {
    this.ingest = ingest;
    this.store = store;
    this.counters = counters;
  }

  @Override
  public void line(long number, String text, RejectedLines rejects) throws IOException {
    counters.increment(LoadCounter.LINES);
    if (text.isBlank()) {
      counters.increment(LoadCounter.BLANK_LINES);
      return;
    }
    try {
      JetstreamEvent event = JetstreamParser.parse(text);
      Pending taken = take(number, text, rejects, event);
      if (taken == null) {
        counters.increment(LoadCounter.OTHER_NOTICES);
        return;
      }
      pending.add(taken);
    } catch (MalformedTweetException e) {
      counters.increment(LoadCounter.MALFORMED);
      rejects.reject(number, e.getMessage(), text);
      return;
    }
    if (pending.size() >= BATCH_EVENTS) {
      flush();
    }
  }

  /** What the tables keep of an event, or null when they keep nothing of it. */
  private static Pending take(long number, String text, RejectedLines rejects, JetstreamEvent event)
      throws MalformedTweetException {
    if (event instanceof JetstreamEvent.Commit commit) {
      boolean post = commit.collection().equals(AtUri.POST);
      if (!post && !commit.collection().equals(AtUri.REPOST)) {
        return null;
      }
      if (commit.isDelete()) {
        return new Pending(number, text, rejects, event, null, null);
      }
      if (post) {
        return new Pending(number, text, rejects, event, PostRecord.of(commit.record()), null);
      }
      AtUri subject = subjectOf(commit.record());
      return new Pending(number, text, rejects, event, null, subject);
    }
    if (event instanceof JetstreamEvent.Identity identity) {
      return usable(identity.handle()) ? new Pending(number, text, rejects, event, null, null) : null;
    }
    JetstreamEvent.Account account = (JetstreamEvent.Account) event;
    return account.erases() ? new Pending(number, text, rejects, event, null, null) : null;
  }

  private static AtUri subjectOf(JsonNode repost) throws MalformedTweetException {
    JsonNode uri = repost.path("subject").path("uri");
    if (!uri.isTextual()) {
      throw new MalformedTweetException("repost without subject.uri");
    }
    AtUri subject = AtUri.parse(uri.asText());
    if (!subject.collection().equals(AtUri.POST)) {
      throw new MalformedTweetException("repost of a " + subject.collection() + ", not a post");
    }
    return subject;
  }

  private static boolean usable(String handle) {
    return handle != null && !handle.isBlank() && !handle.equals("handle.invalid");
  }

  @Override
  public void flush() throws IOException {
    if (!pending.isEmpty()) {
      translate();
      pending.clear();
    }
    ingest.flush();
  }

  /** The batch's events, in order, into the ingest as statuses and delete notices. */
  private void translate() throws IOException {
    store.actors().recordHandles(handlesSeen());
    Map<String, Long> ids = store.ids().resolve(namesWanted());
    Map<String, Long> erasedAt = store.actors().erasedAt(pending.stream().map(p -> p.event().did()).toList());
    Map<String, NavigableMap<Long, String>> handles = store.actors().histories(didsNamed());
    Map<Long, JsonNode> originals = store.posts(pending.stream().filter(p -> p.subject() != null)
        .map(p -> ids.get(p.subject().toString())).distinct().toList());
    Map<String, Long> erasing = new LinkedHashMap<>();
    for (Pending p : pending) {
      JetstreamEvent event = p.event();
      if (event instanceof JetstreamEvent.Account account) {
        erasing.merge(account.did(), account.timeUs(), Math::max);
        erasedAt.merge(account.did(), account.timeUs(), Math::max);
        long user = ids.get(account.did());
        for (long post : store.everyPostOf(account.did(), user)) {
          ingest.item(p.number(), new StreamItem.DeleteNotice(post, user, p.millis()), p.text(), p.rejects());
        }
        continue;
      }
      if (!(event instanceof JetstreamEvent.Commit commit)) {
        continue; // an identity event: its handle is recorded
      }
      long id = ids.get(commit.uri().toString());
      long user = ids.get(commit.did());
      if (commit.isDelete()) {
        ingest.item(p.number(), new StreamItem.DeleteNotice(id, user, p.millis()), p.text(), p.rejects());
        continue;
      }
      Long erased = erasedAt.get(commit.did());
      if (erased != null && erased >= commit.timeUs()) { // a replay of a post its account's erasure removed
        ingest.item(p.number(), new StreamItem.DeleteNotice(id, user, p.millis()), p.text(), p.rejects());
        continue;
      }
      BlueskyStatus.Ids named = named(ids, handles, p.millis());
      String status = p.post() != null ? BlueskyStatus.post(commit, p.post(), named)
          : BlueskyStatus.repost(commit, p.subject(), original(originals, ids.get(p.subject().toString())), named);
      StreamItem item;
      try {
        item = PARSER.parse(status);
      } catch (MalformedTweetException e) {
        throw new IllegalStateException("a status made of a Bluesky event does not parse: " + status, e);
      }
      if (p.post() != null) {
        store.posted(id, status);
      }
      store.authored(commit.did(), id);
      ingest.item(p.number(), item, p.text(), p.rejects());
    }
    store.actors().recordErased(erasing);
  }

  /** A repost's original: stored before the batch, or posted earlier in it. */
  private JsonNode original(Map<Long, JsonNode> stored, long id) throws IOException {
    JsonNode original = stored.get(id);
    return original != null ? original : store.recentPost(id);
  }

  /** The handles the batch's identity events and mention facets show, at their events' times. */
  private List<Actors.Seen> handlesSeen() {
    List<Actors.Seen> seen = new ArrayList<>();
    for (Pending p : pending) {
      if (p.event() instanceof JetstreamEvent.Identity identity) {
        seen.add(new Actors.Seen(identity.did(), identity.handle().toLowerCase(java.util.Locale.ROOT), p.millis()));
      } else if (p.post() != null) {
        p.post().mentions().stream().filter(m -> m.handle() != null)
            .forEach(m -> seen.add(new Actors.Seen(m.did(), m.handle(), p.millis())));
      }
    }
    return seen;
  }

  /**
   * Every DID and at-URI the batch names, in order of appearance, each at-URI with the millisecond its
   * id tells if it is new: a post's or repost's own event's time (when the network saw it); for a post
   * only referred to — replied to, quoted, reposted, deleted — before it is seen itself, the time its
   * record key tells, unless that is later than the event referring to it or before Bluesky began.
   */
  private Map<String, Long> namesWanted() {
    Map<String, Long> wanted = new LinkedHashMap<>();
    for (Pending p : pending) {
      JetstreamEvent event = p.event();
      wanted.putIfAbsent(event.did(), 0L);
      if (!(event instanceof JetstreamEvent.Commit commit)) {
        continue;
      }
      wanted.putIfAbsent(commit.uri().toString(), commit.isDelete() ? referredAt(commit.uri(), p.millis()) : p.millis());
      if (p.subject() != null) {
        refer(wanted, p.subject(), p.millis());
      }
      if (p.post() != null) {
        p.post().mentions().forEach(m -> wanted.putIfAbsent(m.did(), 0L));
        if (p.post().replyParent() != null) {
          refer(wanted, p.post().replyParent(), p.millis());
        }
        if (p.post().quote() != null) {
          refer(wanted, p.post().quote(), p.millis());
        }
      }
    }
    return wanted;
  }

  private static void refer(Map<String, Long> wanted, AtUri post, long referringMillis) {
    wanted.putIfAbsent(post.did(), 0L);
    wanted.putIfAbsent(post.toString(), referredAt(post, referringMillis));
  }

  private static long referredAt(AtUri post, long referringMillis) {
    var micros = Tid.micros(post.rkey());
    long tid = micros.isPresent() ? micros.getAsLong() / 1000 : referringMillis;
    return tid < FIRST_POST_MILLIS ? referringMillis : Math.min(tid, referringMillis);
  }

  /** The DIDs whose names the batch's statuses show: authors and the mentioned. */
  private List<String> didsNamed() {
    List<String> dids = new ArrayList<>();
    for (Pending p : pending) {
      if (p.event() instanceof JetstreamEvent.Commit commit && !commit.isDelete()) {
        dids.add(commit.did());
        if (p.post() != null) {
          p.post().mentions().forEach(m -> dids.add(m.did()));
        }
      }
    }
    return dids;
  }

  private static BlueskyStatus.Ids named(Map<String, Long> ids, Map<String, NavigableMap<Long, String>> handles,
      long millis) {
    return new BlueskyStatus.Ids() {
      @Override
      public long post(AtUri uri) {
        return ids.get(uri.toString());
      }

      @Override
      public long user(String did) {
        return ids.get(did);
      }

      @Override
      public String name(String did) {
        String handle = Actors.handleAt(handles.get(did), millis);
        return handle != null ? handle : did;
      }
    };
  }

  @Override
  public List<Long> drainDeleted() {
    return ingest.drainDeleted();
  }

  @Override
  public WrittenHours drainWrittenHours() {
    return ingest.drainWrittenHours();
  }

  @Override
  public void countRepeats() {
    ingest.countRepeats();
  }
}
