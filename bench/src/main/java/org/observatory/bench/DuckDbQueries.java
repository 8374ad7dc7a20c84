package org.observatory.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Observatory's count queries answered by DuckDB straight from the raw {@code .json.gz} files, as an
 * analyst without Observatory would: every query reads the files again. The view gives the raw lines
 * Observatory's meaning: embedded retweeted and quoted originals are tweets of their own, a tweet seen
 * several times counts once, deleted tweets are gone, malformed lines are skipped, a status over 140
 * characters is its {@code extended_tweet} (full text and entities: its own cover the first 140 characters
 * only, and link to its page), and a tweet's memes are its index keys ({@code #hashtag} and {@code @screen_name} lower-cased, {@code @id:USERID}, the
 * expanded URL). Memes are given as those keys. Windows are epoch milliseconds, the end excluded.
 */
public final class DuckDbQueries implements AutoCloseable {
  private static final String USER = "{\"id\":\"BIGINT\",\"screen_name\":\"VARCHAR\"}";
  private static final String ENTITIES = "{\"hashtags\":[{\"text\":\"VARCHAR\"}],"
      + "\"user_mentions\":[{\"id\":\"BIGINT\",\"screen_name\":\"VARCHAR\"}],"
      + "\"urls\":[{\"url\":\"VARCHAR\",\"expanded_url\":\"VARCHAR\"}]}";
  /** How deep the originals nested in one line are read: a retweet of a quote is 2, as Twitter nests them. */
  private static final int DEPTH = 2;
  private static final String IN_WINDOW = "list_has_any(memes, ?) AND ms >= ? AND ms < ?";

  private final Connection db;

  public DuckDbQueries(List<Path> files) throws SQLException {
    db = DriverManager.getConnection("jdbc:duckdb:");
    String paths = fileList(files);
    StringBuilder statuses = new StringBuilder("[" + flat("", "retweeted_status.\"user\".id"));
    embeddedPaths("", DEPTH).forEach(path -> statuses.append(", ").append(flat(path + ".", "NULL")));
    statuses.append("]");
    try (Statement s = db.createStatement()) {
      // Each line parsed on its own (read_ndjson's ignore_errors also drops the line after a cut-off one),
      // once per query (MATERIALIZED), each status and its embedded originals flattened in one pass.
      s.execute("""
          CREATE VIEW tweets AS
          WITH lines AS MATERIALIZED (
            SELECT unnest(j) FROM (
              SELECT CASE WHEN json_valid(line) THEN json_transform(line, '%s') END AS j
                FROM read_csv(%s, columns = {'line': 'VARCHAR'}, header = false, delim = '\\x01', quote = '',
                              escape = '', auto_detect = false))
            WHERE j IS NOT NULL),
          statuses AS (SELECT unnest(%s, max_depth := 2) FROM lines)
          SELECT id,
                 any_value(epoch_ms(strptime(created_at, '%%a %%b %%d %%H:%%M:%%S %%z %%Y'))) AS ms,
                 any_value(user_id) AS user_id,
                 any_value(screen_name) AS screen_name,
                 any_value(list_distinct(list_concat(
                     list_transform(entities.hashtags, h -> '#' || lower(h.text)),
                     list_transform(entities.user_mentions, m -> '@' || lower(m.screen_name)),
                     list_transform(entities.user_mentions, m -> '@id:' || m.id),
                     list_transform(entities.urls, u -> coalesce(u.expanded_url, u.url))))) AS memes,
                 any_value(list_distinct(list_concat(
                     list_transform(entities.hashtags, h -> '#' || lower(h.text)),
                     list_transform(entities.user_mentions, m -> '@' || lower(m.screen_name)),
                     list_transform(entities.urls, u -> coalesce(u.expanded_url, u.url))))) AS cooccurring,
                 any_value(list_distinct(list_transform(entities.user_mentions, m -> m.id))) AS mentioned,
                 any_value(entities.user_mentions) AS mentions,
                 max(rt_user) AS rt_user
            FROM statuses
           WHERE id IS NOT NULL AND text IS NOT NULL AND created_at IS NOT NULL
             AND id NOT IN (SELECT "delete".status.id FROM lines WHERE "delete" IS NOT NULL)
           GROUP BY id""".formatted(line(), paths, statuses));
    }
  }

  /** The files as a DuckDB list literal of quoted paths, as DuckDB's readers take them. */
  static String fileList(List<Path> files) {
    return files.stream().map(f -> "'" + f.toAbsolutePath().toString().replace("'", "''") + "'")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  /** One status of a line (the line itself for an empty path) with the fields the queries read. */
  private static String flat(String path, String retweetedUser) {
    String extended = path + "extended_tweet";
    return "struct_pack(id := " + path + "id, created_at := " + path + "created_at, "
        + "text := coalesce(" + path + "text, " + extended + ".full_text), "
        + "user_id := " + path + "\"user\".id, screen_name := " + path + "\"user\".screen_name, "
        + "entities := CASE WHEN " + extended + ".full_text IS NOT NULL AND " + extended + ".entities IS NOT NULL"
        + " THEN " + extended + ".entities ELSE " + path + "entities END, rt_user := " + retweetedUser + "::BIGINT)";
  }

  /** The structure (json_transform's) of a line: a status, or a delete notice. */
  private static String line() {
    String status = status(DEPTH);
    return status.substring(0, status.length() - 1) + ",\"delete\":{\"status\":{\"id\":\"BIGINT\"}}}";
  }

  /** The structure of a status, with the originals it embeds {@code depth} deep. */
  private static String status(int depth) {
    String fields = "\"id\":\"BIGINT\",\"created_at\":\"VARCHAR\",\"text\":\"VARCHAR\",\"user\":" + USER
        + ",\"entities\":" + ENTITIES + ",\"extended_tweet\":{\"full_text\":\"VARCHAR\",\"entities\":" + ENTITIES + "}";
    return depth == 0 ? "{" + fields + "}"
        : "{" + fields + ",\"retweeted_status\":" + status(depth - 1) + ",\"quoted_status\":" + status(depth - 1) + "}";
  }

  /** Every path to an embedded status: retweeted_status, quoted_status.retweeted_status, ... */
  private static List<String> embeddedPaths(String prefix, int depth) {
    List<String> paths = new ArrayList<>();
    if (depth > 0) {
      for (String field : List.of("retweeted_status", "quoted_status")) {
        paths.add(prefix + field);
        paths.addAll(embeddedPaths(prefix + field + ".", depth - 1));
      }
    }
    return paths;
  }

  /** Per meme, the tweets of the window that carry it. */
  public Map<String, Long> memePostCount(List<String> memes, long start, long end) throws SQLException {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String meme : memes) {
      try (PreparedStatement q = window("SELECT count(*) FROM tweets WHERE " + IN_WINDOW, List.of(meme), start, end);
           ResultSet r = q.executeQuery()) {
        r.next();
        counts.put(meme, r.getLong(1));
      }
    }
    return counts;
  }

  /** Per UTC day of the window, every one listed, the tweets that carry any of the memes. */
  public Map<String, Long> timestampCount(List<String> memes, long start, long end) throws SQLException {
    Map<String, Long> counts = new LinkedHashMap<>();
    LocalDate last = LocalDate.ofEpochDay(Math.floorDiv(end - 1, 86_400_000L));
    for (LocalDate d = LocalDate.ofEpochDay(Math.floorDiv(start, 86_400_000L)); !d.isAfter(last); d = d.plusDays(1)) {
      counts.put(d.toString(), 0L);
    }
    String sql = "SELECT ms // 86400000 AS day, count(*) FROM tweets WHERE " + IN_WINDOW + " GROUP BY day";
    try (PreparedStatement q = window(sql, memes, start, end); ResultSet r = q.executeQuery()) {
      while (r.next()) {
        counts.put(LocalDate.ofEpochDay(r.getLong(1)).toString(), r.getLong(2));
      }
    }
    return counts;
  }

  /** Per user, the matching tweets and the screen name of the latest; most first, then by user id. */
  public List<Map<String, Object>> userPostCount(List<String> memes, long start, long end) throws SQLException {
    String sql = "SELECT user_id, arg_max(screen_name, ms), count(*) AS n FROM tweets WHERE " + IN_WINDOW
        + " GROUP BY user_id ORDER BY n DESC, user_id";
    List<Map<String, Object>> rows = new ArrayList<>();
    try (PreparedStatement q = window(sql, memes, start, end); ResultSet r = q.executeQuery()) {
      while (r.next()) {
        rows.add(row("userId", r.getLong(1), "screenName", r.getString(2), "count", r.getLong(3)));
      }
    }
    return rows;
  }

  /** The other memes of the matching tweets (no {@code @id:} keys), with the tweets carrying each. */
  public Map<String, Long> memeCooccurrenceCount(List<String> memes, long start, long end) throws SQLException {
    String sql = "SELECT meme, count(*) AS n FROM (SELECT unnest(cooccurring) AS meme FROM tweets WHERE "
        + IN_WINDOW + ") WHERE NOT list_contains(?, meme) GROUP BY meme ORDER BY n DESC, meme";
    Map<String, Long> counts = new LinkedHashMap<>();
    try (PreparedStatement q = window(sql, memes, start, end)) {
      q.setObject(4, db.createArrayOf("VARCHAR", memes.toArray()));
      try (ResultSet r = q.executeQuery()) {
        while (r.next()) {
          counts.put(r.getString(1), r.getLong(2));
        }
      }
    }
    return counts;
  }

  /** Retweeter → original author, weighted by the matching retweets. */
  public List<Map<String, Object>> retweetEdges(List<String> memes, long start, long end) throws SQLException {
    return edges("SELECT user_id, rt_user, ms, screen_name, " + nameOf("rt_user") + " FROM tweets"
        + " WHERE rt_user IS NOT NULL AND " + IN_WINDOW, memes, start, end);
  }

  /** Poster → mentioned user, weighted by the matching tweets that mention. */
  public List<Map<String, Object>> mentionEdges(List<String> memes, long start, long end) throws SQLException {
    return edges("SELECT user_id, t, ms, screen_name, " + nameOf("t") + " FROM (SELECT *, unnest(mentioned) AS t"
        + " FROM tweets WHERE " + IN_WINDOW + ")", memes, start, end);
  }

  /** The name a tweet mentions a user by, null where it does not mention them. */
  private static String nameOf(String user) {
    return "list_filter(mentions, m -> m.id = " + user + ")[1].screen_name";
  }

  /**
   * Each edge's weight and the names its latest tweet gave its ends (ties in time to the greater names),
   * heaviest first.
   */
  private List<Map<String, Object>> edges(String pairs, List<String> memes, long start, long end) throws SQLException {
    String sql = "SELECT s, t, count(*) AS w, max(struct_pack(ms := ms, sn := sn, tn := tn)) AS latest"
        + " FROM (" + pairs + ") AS e(s, t, ms, sn, tn) GROUP BY s, t ORDER BY w DESC, s, t";
    List<Map<String, Object>> rows = new ArrayList<>();
    try (PreparedStatement q = window(sql, memes, start, end); ResultSet r = q.executeQuery()) {
      while (r.next()) {
        Object[] latest = ((java.sql.Struct) r.getObject(4)).getAttributes();
        rows.add(row("source", r.getLong(1), "target", r.getLong(2), "weight", r.getLong(3),
            "sourceName", latest[1], "targetName", latest[2]));
      }
    }
    return rows;
  }

  private PreparedStatement window(String sql, List<String> memes, long start, long end) throws SQLException {
    PreparedStatement q = db.prepareStatement(sql);
    q.setObject(1, db.createArrayOf("VARCHAR", memes.toArray()));
    q.setLong(2, start);
    q.setLong(3, end);
    return q;
  }

  private static Map<String, Object> row(Object... keysAndValues) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      row.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return row;
  }

  @Override
  public void close() throws SQLException {
    db.close();
  }

  /** Epoch millis of the start of a UTC day. */
  public static long dayStart(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  }
}
