package org.observatory.api.query.tally;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.tables.StoredTweet;

/**
 * The account × trace matrix of the matching tweets: how often each account left each trace, and the
 * account's name in force (its latest matching tweet's). Traces are numbered as they first come, so
 * that each is held once however many accounts share it.
 */
public final class UserTraces {
  private final Trace trace;
  private final Trace.Context context;
  private final Map<String, Integer> numbers = new HashMap<>();
  private final List<String> traces = new ArrayList<>();
  private final Map<Long, Account> accounts = new HashMap<>();

  /** One account's row of the matrix. */
  static final class Account {
    final Map<Integer, Integer> counts = new HashMap<>();
    long total;
    long latest = Long.MIN_VALUE;
    String name;

    void named(long time, String screenName) {
      if (time > latest || (time == latest && screenName != null && (name == null || screenName.compareTo(name) > 0))) {
        latest = time;
        name = screenName;
      }
    }
  }

  public UserTraces(Trace trace, Trace.Context context) {
    this.trace = trace;
    this.context = context;
  }

  /** Adds the traces one matching tweet leaves; a tweet that leaves none names no account. */
  public void add(StoredTweet tweet) {
    if (tweet.userId() == 0) {
      return;
    }
    List<String> left = trace.of(tweet, context);
    if (left.isEmpty()) {
      return;
    }
    Account account = accounts.computeIfAbsent(tweet.userId(), id -> new Account());
    account.named(tweet.createdAt(), tweet.screenName());
    for (String t : left) {
      add(account, t, 1);
    }
  }

  /** Adds another share's matrix: another platform's accounts, whose traces (links, memes) may be the same. */
  public void addAll(UserTraces other) {
    other.accounts.forEach((id, theirs) -> {
      Account account = accounts.computeIfAbsent(id, k -> new Account());
      account.named(theirs.latest, theirs.name);
      theirs.counts.forEach((number, count) -> add(account, other.traces.get(number), count));
    });
  }

  private void add(Account account, String t, int count) {
    Integer number = numbers.get(t);
    if (number == null) {
      number = traces.size();
      numbers.put(t, number);
      traces.add(t);
    }
    account.counts.merge(number, count, Integer::sum);
    account.total += count;
  }

  Map<Long, Account> accounts() {
    return accounts;
  }

  String trace(int number) {
    return traces.get(number);
  }

  int traceCount() {
    return traces.size();
  }

  public int accountCount() {
    return accounts.size();
  }
}
