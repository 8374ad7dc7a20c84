package org.observatory.api.query.engine;

import java.util.List;
import org.observatory.api.query.catalogue.AnswerQuery;
import org.observatory.api.query.catalogue.MemePostCount;
import org.observatory.api.query.catalogue.Share;
import org.observatory.api.query.index.MemeCountsByHour;
import org.observatory.api.query.output.QueryResult;
import org.observatory.schemas.tables.Platform;

/** For tests that stand in for the store: a counting query's share when no hour holds a tweet. */
public final class NoCounts {
  private NoCounts() {}

  /** @param query meme-post-count or timestamp-count */
  public static Share<?> of(AnswerQuery<?> query) {
    int memes = query instanceof MemePostCount counted ? counted.memes().size() : 1;
    return new Share<>(new MemeCountsByHour.Counted(0, new long[memes][0], new long[0], List.of(), List.of(), 0),
        new Share.Read(Platform.TWITTER, List.of(), 0, QueryResult.INDEX_ONLY, null, List.of()));
  }
}
