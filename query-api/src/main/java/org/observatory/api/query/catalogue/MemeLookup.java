package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.List;
import org.observatory.api.query.Meme;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.TweetLines;

/** get-tweets-with-meme: the tweets that contain any of the memes. */
public record MemeLookup(QueryKind kind, List<Meme> memes, TimeWindow window, TweetLines fields)
    implements LookupQuery {
  static MemeLookup parse(QueryKind kind, QueryRequest request) {
    return new MemeLookup(kind, request.memes(), request.window(), request.fields());
  }

  @Override
  public Found find(Phases phases) throws IOException {
    IndexScanner.IndexHits hits = phases.scanMemes(memes, window, false, null);
    return Found.inTimeOrder(hits.distinct(), hits);
  }
}
