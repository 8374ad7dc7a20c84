package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;
import org.observatory.indexer.IndexPlacement;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.schemas.tweet.Tweet;
import org.observatory.schemas.tweet.TweetParser;

class IndexedTweetsTest {
  private static final Month AUGUST = Month.parse("2013-08");
  private static final List<IndexPlacement.Target> FIRST_REVISION =
      List.of(new IndexPlacement.Target(TableName.valueOf("index-text-2013-08"), null));
  private static final List<IndexPlacement.Target> DURING_A_REBUILD = List.of(FIRST_REVISION.get(0),
      new IndexPlacement.Target(TableName.valueOf("index-text.r1-2013-08"), null));

  private final IndexedTweets indexed = new IndexedTweets();

  @Test
  void knowsATweetByItsIdAndItsAuthorsScreenName() {
    indexed.add(tweet(366151940305846276L, "alice"));

    assertThat(indexed.contains(tweet(366151940305846276L, "alice"))).isTrue();
    assertThat(indexed.contains(tweet(366151940305846276L, "alice_renamed"))).isFalse();
    assertThat(indexed.contains(tweet(366151940305846277L, "alice"))).isFalse();
  }

  @Test
  void forgetsEveryTweetAfterAFailedWriteOrWhenAMonthsEntriesGoElsewhere() {
    Tweet tweet = tweet(366151940305846276L, "alice");
    indexed.placedAs(Map.of(AUGUST, FIRST_REVISION));
    indexed.add(tweet);
    indexed.forget();
    assertThat(indexed.contains(tweet)).isFalse();

    indexed.add(tweet);
    indexed.placedAs(Map.of(AUGUST, List.copyOf(FIRST_REVISION)));
    assertThat(indexed.contains(tweet)).as("the same tables").isTrue();
    indexed.placedAs(Map.of(AUGUST, DURING_A_REBUILD));
    assertThat(indexed.contains(tweet)).as("a rebuild's new revision needs the entries too").isFalse();
  }

  private static Tweet tweet(long id, String screenName) {
    String line = "{\"created_at\":\"Sat Aug 10 11:00:00 +0000 2013\",\"id\":" + id + ",\"id_str\":\"" + id
        + "\",\"text\":\"hello\",\"entities\":{\"hashtags\":[],\"user_mentions\":[],\"urls\":[]},"
        + "\"user\":{\"id\":101,\"id_str\":\"101\",\"screen_name\":\"" + screenName + "\"},\"lang\":\"en\"}";
    try {
      return ((StreamItem.Status) new TweetParser().parse(line)).tweet();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
