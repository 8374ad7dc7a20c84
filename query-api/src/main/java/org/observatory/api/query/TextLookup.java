package org.observatory.api.query;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
  public Found find(QueryEngine engine) throws IOException {
    IndexScanner.IndexHits hits = engine.scanner().scan(INDEX, IndexScanner.Key.exact(keys), window, false);
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
