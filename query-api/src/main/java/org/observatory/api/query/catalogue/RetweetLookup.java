package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.List;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.TweetLines;

/** get-retweets: the retweets of a tweet, from the retweet index (keyed by the original's id). */
public record RetweetLookup(QueryKind kind, List<String> keys, TimeWindow window, TweetLines fields)
    implements LookupQuery {
  static final String INDEX = "retweet";

  static RetweetLookup parse(QueryKind kind, QueryRequest request) {
    String id = request.required(QueryParameter.ID, "the id of the retweeted tweet");
    if (!id.strip().matches("[0-9]{1,19}")) {
      throw new BadQueryException("parameter 'id' must be a tweet id, not '" + id + "'");
    }
    return new RetweetLookup(kind, request.keys(INDEX, id.strip()), request.window(), request.fields());
  }

  @Override
  public Found find(Phases phases) throws IOException {
    IndexScanner.IndexHits hits = phases.scanner().scan(INDEX, IndexKey.exact(keys), window,
        false);
    return Found.inTimeOrder(hits.distinct(), hits);
  }
}
