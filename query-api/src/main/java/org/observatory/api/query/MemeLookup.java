package org.observatory.api.query;

import java.io.IOException;
import java.util.List;

/** get-tweets-with-meme: the tweets that contain any of the memes. */
public record MemeLookup(QueryKind kind, List<Meme> memes, TimeWindow window, TweetLines fields)
    implements LookupQuery {
  static MemeLookup parse(QueryKind kind, QueryRequest request) {
    return new MemeLookup(kind, request.memes(), request.window(), request.fields());
  }

  @Override
  public Found find(QueryEngine engine) throws IOException {
    IndexScanner.IndexHits hits = engine.scanMemes(memes, window, false);
    return Found.inTimeOrder(hits.distinct(), hits);
  }
}
