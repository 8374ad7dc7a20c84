package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.TweetLines;

/** get-tweets-with-text: the tweets that contain every one of the words, as the text index keys them. */
public record TextLookup(QueryKind kind, List<String> keys, TimeWindow window, TweetLines fields)
    implements LookupQuery {
  static final String INDEX = "text";

  static TextLookup parse(QueryKind kind, QueryRequest request) {
    String words = request.required(QueryParameter.WORDS, "words that must all be in the text");
    List<String> keys = request.keys(INDEX, words);
    if (keys.isEmpty()) {
      throw new BadQueryException("'words' holds no searchable word (stop-words are not indexed): '" + words + "'");
    }
    if (keys.size() > request.maxKeys()) {
      throw new BadQueryException("too many words: " + keys.size() + " (at most " + request.maxKeys() + ")");
    }
    return new TextLookup(kind, keys, request.window(), request.fields());
  }

  @Override
  public Found find(Phases phases) throws IOException {
    IndexScanner.IndexHits hits = phases.scanner().scan(INDEX, IndexKey.exact(keys), window, false);
    Set<Long> inEvery = null;
    for (TweetHits word : hits.perKey()) {
      Set<Long> ids = new HashSet<>();
      for (int i = 0; i < word.size(); i++) {
        ids.add(word.id(i));
      }
      if (inEvery == null) {
        inEvery = ids;
      } else {
        inEvery.retainAll(ids);
      }
    }
    return Found.inTimeOrder(hits.distinct().only(inEvery == null ? Set.of() : inEvery), hits);
  }
}
