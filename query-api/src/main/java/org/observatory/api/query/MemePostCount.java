package org.observatory.api.query;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per meme, the number of tweets in the window that contain it: from the meme index alone. */
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
    IndexScanner.IndexHits found = engine.scanMemes(memes, window, false);
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int m = 0; m < memes.size(); m++) {
      counts.put(memes.get(m).text(), (long) found.perKey().get(m).size());
    }
    return QueryResult.indexOnly(this, found, counts, found.distinct().size(), began);
  }
}
