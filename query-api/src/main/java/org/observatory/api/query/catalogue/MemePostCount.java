package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.observatory.api.query.Meme;
import org.observatory.api.query.Progress;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.index.MemeCountsByHour;
import org.observatory.api.query.output.QueryResult;

/** Per meme, the number of tweets in the window that contain it: from the meme index's hourly counts. */
public record MemePostCount(QueryKind kind, List<Meme> memes, TimeWindow window)
    implements AnswerQuery<MemeCountsByHour.Counted> {
  static MemePostCount parse(QueryKind kind, QueryRequest request) {
    return new MemePostCount(kind, request.memes(), request.window());
  }

  @Override
  public boolean readsTweets() {
    return false;
  }

  @Override
  public Share<MemeCountsByHour.Counted> gather(Phases phases, Progress progress) throws IOException {
    return phases.countMemes(memes, window);
  }

  @Override
  public QueryResult answer(List<Share<MemeCountsByHour.Counted>> shares, long began) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (int m = 0; m < memes.size(); m++) {
      long sum = 0;
      for (Share<MemeCountsByHour.Counted> share : shares) {
        sum += MemeCountsByHour.Counted.total(share.values().perKey()[m]);
      }
      counts.put(memes.get(m).text(), sum);
    }
    return result(counts, null, Share.meta(shares, began, List.of()));
  }
}
