package org.observatory.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic hours of Bluesky's Jetstream v1 wire, {@code jetstream.YYYY-MM-DDTHH.jsonl.gz}, as the
 * daemon records them: every collection in the shares of the real window in {@code ../shared/data/bluesky}
 * (likes 69 %, posts 11 %, reposts 10 %, follows 6 %, blocks, deletes, identity and account events), posts
 * whose replies, facets, embeds and languages follow the real ones, reposts and likes of posts made
 * lately (a few hours old, some from before the first hour), and the wire's own weight (record CIDs,
 * revisions, blob references). The same seed writes the same bytes.
 */
public final class JetstreamGenerator {
  private static final String BASE32 = "234567abcdefghijklmnopqrstuvwxyz";
  private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH").withZone(ZoneOffset.UTC);
  private static final long MICROS_PER_HOUR = 3_600_000_000L;
  private static final int RECENT_POSTS = 1 << 16;
  private static final int TAGS = 5_000;

  /** What was written. */
  public record Summary(List<Path> files, long events, long posts, long reposts, long elapsedMillis) {
    @Override
    public String toString() {
      return String.format("%d hours, %d events (%d posts, %d reposts) in %.1f s", files.size(), events, posts, reposts,
          elapsedMillis / 1000.0);
    }
  }

  /**
   * @param eventsPerSecond all collections together, as the unfiltered network sends them
   * @param users how many accounts act (Zipf: a few very active, most rarely)
   */
  public record Settings(long seed, Instant start, int hours, double eventsPerSecond, int users) {}

  private final Settings settings;
  private final SplittableRandom random;
  private final Languages languages;
  private final Zipf actors;
  private final Zipf tags;
  private final Vocabulary tagWords;
  private final String[] recent = new String[RECENT_POSTS];
  private long posted;
  private long reposts;

  private JetstreamGenerator(Settings settings) {
    this.settings = settings;
    this.random = new SplittableRandom(settings.seed());
    this.languages = new Languages(settings.seed());
    this.actors = new Zipf(settings.users(), 0.8);
    this.tags = new Zipf(TAGS, 1.1);
    this.tagWords = new Vocabulary(TAGS, settings.seed() + 7);
  }

  public static Summary write(Settings settings, Path dir) throws IOException {
    return new JetstreamGenerator(settings).writeAll(dir);
  }

  private Summary writeAll(Path dir) throws IOException {
    long began = System.currentTimeMillis();
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    long events = 0;
    long gapMicros = Math.max(1, Math.round(1_000_000 / settings.eventsPerSecond()));
    long time = settings.start().toEpochMilli() * 1000;
    try (GzipLines out = new GzipLines()) {
      for (int h = 0; h < settings.hours(); h++) {
        long end = time - Math.floorMod(time, MICROS_PER_HOUR) + MICROS_PER_HOUR;
        Path file = dir.resolve("jetstream." + HOUR.format(Instant.ofEpochMilli(time / 1000)) + ".jsonl.gz");
        files.add(file);
        out.start(file);
        for (; time < end; time += 1 + random.nextLong(2 * gapMicros)) {
          out.line(event(time));
          events++;
        }
        out.finish();
      }
    }
    return new Summary(files, events, posted, reposts, System.currentTimeMillis() - began);
  }

  private String event(long time) {
    double r = random.nextDouble();
    String did = did(actors.next(random));
    if (r < 0.69) {
      return commit(did, time, "app.bsky.feed.like", "create", "{\"$type\":\"app.bsky.feed.like\",\"createdAt\":\""
          + createdAt(time) + "\",\"subject\":" + strongRef(subject(time)) + "}");
    }
    if (r < 0.80) {
      return post(did, time);
    }
    if (r < 0.90) {
      reposts++;
      return commit(did, time, "app.bsky.feed.repost", "create", "{\"$type\":\"app.bsky.feed.repost\",\"createdAt\":\""
          + createdAt(time) + "\",\"subject\":" + strongRef(subject(time)) + "}");
    }
    if (r < 0.94) {
      return commit(did, time, "app.bsky.graph.follow", "create", "{\"$type\":\"app.bsky.graph.follow\",\"createdAt\":\""
          + createdAt(time) + "\",\"subject\":\"" + did(actors.next(random)) + "\"}");
    }
    if (r < 0.96) {
      return delete(did, time, "app.bsky.graph.follow", tid(time - random.nextLong(MICROS_PER_HOUR * 24)));
    }
    if (r < 0.97 && posted > 0) { // a post its author deletes: one of the recent ones
      String uri = recent[(int) random.nextLong(Math.min(posted, RECENT_POSTS))];
      String[] parts = uri.substring(5).split("/");
      return delete(parts[0], time, "app.bsky.feed.post", parts[2]);
    }
    if (r < 0.985) {
      return commit(did, time, "app.bsky.graph.block", "create", "{\"$type\":\"app.bsky.graph.block\",\"createdAt\":\""
          + createdAt(time) + "\",\"subject\":\"" + did(actors.next(random)) + "\"}");
    }
    if (r < 0.99) {
      return "{\"did\":\"" + did + "\",\"time_us\":" + time + ",\"kind\":\"identity\",\"identity\":{\"did\":\"" + did
          + "\",\"handle\":\"" + handle(did) + "\",\"seq\":" + time / 1000 + ",\"time\":\"" + createdAt(time) + "\"}}";
    }
    if (r < 0.995) {
      boolean gone = random.nextDouble() < 0.05;
      return "{\"did\":\"" + did + "\",\"time_us\":" + time + ",\"kind\":\"account\",\"account\":{\"active\":" + !gone
          + ",\"did\":\"" + did + "\",\"seq\":" + time / 1000 + (gone ? ",\"status\":\"deleted\"" : "") + ",\"time\":\""
          + createdAt(time) + "\"}}";
    }
    return commit(did, time, "app.bsky.actor.profile", "update", "{\"$type\":\"app.bsky.actor.profile\",\"displayName\":\""
        + languages.word(languages.draw(random), random) + "\",\"avatar\":" + blob("image/jpeg") + "}");
  }

  /** A post: text in a language, then, in the shares of the real window, a reply, facets and an embed. */
  private String post(String did, long time) {
    Languages.Language language = languages.draw(random);
    StringBuilder text = new StringBuilder();
    List<String> facets = new ArrayList<>();
    int words = 3 + random.nextInt(30);
    for (int i = 0; i < words; i++) {
      text.append(i == 0 ? "" : " ").append(languages.word(language, random));
    }
    if (random.nextDouble() < 0.12) {
      String tag = tagWords.word(tags.next(random));
      facet(text, facets, " #" + tag, "{\"$type\":\"app.bsky.richtext.facet#tag\",\"tag\":\"" + tag + "\"}");
    }
    if (random.nextDouble() < 0.10) {
      String mentioned = did(actors.next(random));
      facet(text, facets, " @" + handle(mentioned), "{\"$type\":\"app.bsky.richtext.facet#mention\",\"did\":\"" + mentioned + "\"}");
    }
    String link = null;
    if (random.nextDouble() < 0.24) {
      link = "https://" + tagWords.word(tags.next(random)) + ".example/" + tid(time) + "/" + languages.word(Languages.ALL.get(0), random);
      facet(text, facets, " " + link.substring(8, Math.min(link.length(), 30)) + "...",
          "{\"$type\":\"app.bsky.richtext.facet#link\",\"uri\":\"" + link + "\"}");
    }
    StringBuilder record = new StringBuilder("{\"$type\":\"app.bsky.feed.post\",\"createdAt\":\"" + createdAt(time) + "\"");
    double embed = random.nextDouble();
    if (link != null && embed < 0.75) {
      record.append(",\"embed\":{\"$type\":\"app.bsky.embed.external\",\"external\":{\"description\":\"")
          .append(languages.word(language, random)).append("\",\"thumb\":").append(blob("image/jpeg"))
          .append(",\"title\":\"").append(languages.word(language, random)).append("\",\"uri\":\"").append(link).append("\"}}");
    } else if (embed < 0.12) {
      record.append(",\"embed\":{\"$type\":\"app.bsky.embed.images\",\"images\":[{\"alt\":\"\",\"aspectRatio\":{\"height\":")
          .append(600 + random.nextInt(900)).append(",\"width\":1200},\"image\":").append(blob("image/jpeg")).append("}]}");
    } else if (embed < 0.16 && posted > 0) {
      record.append(",\"embed\":{\"$type\":\"app.bsky.embed.record\",\"record\":").append(strongRef(subject(time))).append("}");
    }
    if (!facets.isEmpty()) {
      record.append(",\"facets\":[").append(String.join(",", facets)).append("]");
    }
    record.append(",\"langs\":[\"").append(language.code()).append("\"]");
    if (random.nextDouble() < 0.47 && posted > 0) {
      String parent = strongRef(subject(time));
      record.append(",\"reply\":{\"parent\":").append(parent).append(",\"root\":").append(parent).append("}");
    }
    record.append(",\"text\":\"").append(text).append("\"}");
    String rkey = tid(time);
    String event = commit(did, time, "app.bsky.feed.post", "create", rkey, record.toString());
    int slot = (int) (posted++ % RECENT_POSTS);
    recent[slot] = "at://" + did + "/app.bsky.feed.post/" + rkey;
    return event;
  }

  /** Appends a facet's text and its feature, the byte range counted in UTF-8 past its leading space. */
  private static void facet(StringBuilder text, List<String> facets, String spanned, String feature) {
    int start = text.toString().getBytes(StandardCharsets.UTF_8).length + 1;
    text.append(spanned);
    int end = text.toString().getBytes(StandardCharsets.UTF_8).length;
    facets.add("{\"features\":[" + feature + "],\"index\":{\"byteEnd\":" + end + ",\"byteStart\":" + start + "}}");
  }

  /**
   * What a like, repost, reply or quote refers to: mostly a post made lately, the later ones likelier
   * (half within the last eighth of those kept), and 7 % a post from before the first hour.
   */
  private String subject(long time) {
    if (posted == 0 || random.nextDouble() < 0.07) {
      return "at://" + did(actors.next(random)) + "/app.bsky.feed.post/" + tid(time - MICROS_PER_HOUR * (24 + random.nextInt(2000)));
    }
    long kept = Math.min(posted, RECENT_POSTS);
    long back = (long) (kept * Math.pow(random.nextDouble(), 3));
    return recent[(int) Math.floorMod(posted - 1 - back, (long) RECENT_POSTS)];
  }

  private String strongRef(String uri) {
    return "{\"cid\":\"" + cid() + "\",\"uri\":\"" + uri + "\"}";
  }

  private String commit(String did, long time, String collection, String operation, String record) {
    return commit(did, time, collection, operation, tid(time), record);
  }

  private String commit(String did, long time, String collection, String operation, String rkey, String record) {
    return "{\"did\":\"" + did + "\",\"time_us\":" + time + ",\"kind\":\"commit\",\"commit\":{\"rev\":\"" + tid(time + 1)
        + "\",\"operation\":\"" + operation + "\",\"collection\":\"" + collection + "\",\"rkey\":\"" + rkey + "\",\"record\":"
        + record + ",\"cid\":\"" + cid() + "\"}}";
  }

  private String delete(String did, long time, String collection, String rkey) {
    return "{\"did\":\"" + did + "\",\"time_us\":" + time + ",\"kind\":\"commit\",\"commit\":{\"rev\":\"" + tid(time + 1)
        + "\",\"operation\":\"delete\",\"collection\":\"" + collection + "\",\"rkey\":\"" + rkey + "\"}}";
  }

  private String blob(String mime) {
    return "{\"$type\":\"blob\",\"ref\":{\"$link\":\"" + cid().replace("bafyrei", "bafkrei") + "\"},\"mimeType\":\"" + mime
        + "\",\"size\":" + (20_000 + random.nextInt(900_000)) + "}";
  }

  /** A CID as records have them: {@code bafyrei} and 52 characters of base32. */
  private String cid() {
    StringBuilder cid = new StringBuilder("bafyrei");
    for (int i = 0; i < 52; i++) {
      cid.append(BASE32.charAt(random.nextInt(32)));
    }
    return cid.toString();
  }

  /** A user's DID: {@code did:plc:} and 24 base32 characters, the same for the same user. */
  private static String did(int user) {
    StringBuilder did = new StringBuilder("did:plc:");
    long h = user * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
    for (int i = 0; i < 24; i++) {
      h = h * 6364136223846793005L + 1442695040888963407L;
      did.append(BASE32.charAt((int) (h >>> 59)));
    }
    return did.toString();
  }

  private static String handle(String did) {
    return "u" + did.substring(8, 16) + ".bsky.social";
  }

  /** A TID of a time, with a clock id of its own. */
  private String tid(long micros) {
    StringBuilder key = new StringBuilder();
    for (int i = 10; i >= 0; i--) {
      key.append(BASE32.charAt((int) (micros >>> (5 * i)) & 31));
    }
    int clock = random.nextInt(1024);
    return key.append(BASE32.charAt(clock >>> 5)).append(BASE32.charAt(clock & 31)).toString();
  }

  private static String createdAt(long micros) {
    return Instant.ofEpochMilli(micros / 1000).toString();
  }
}
