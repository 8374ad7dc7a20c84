package org.observatory.api.query;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per meme, the number of tweets in the window that contain it: from the meme index's hourly counts. */
public record MemePostCount(QueryKind kind, List<Meme> memes, TimeWindow window) implements AnswerQuery {
  static MemePostCount parse(QueryKind kind, QueryRequest request) {
    return new MemePostCount(kind, request.memes(), request.window());
  }

  @Override
  public boolean readsTweets() {
    return false;
  }

  @Override
  public QueryResult answer(QueryEngine engine, Progress progress) throws IOException {
    long began = System.nanoTime();
    HourlyCounts.Counted found = engine.countMemes(memes, window);
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int m = 0; m < memes.size(); m++) {
      counts.put(memes.get(m).text(), HourlyCounts.Counted.total(found.perKey()[m]));
    }
    return QueryResult.indexOnly(this, found, counts, HourlyCounts.Counted.total(found.any()), began);
  }
}
