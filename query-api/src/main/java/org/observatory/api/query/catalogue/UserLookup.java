package org.observatory.api.query.catalogue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.IndexKey;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.TimeWindow;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.index.Found;
import org.observatory.api.query.index.IndexScanner;
import org.observatory.api.query.output.QueryResult;
import org.observatory.api.query.output.TweetLines;

/**
 * get-tweets-with-user: the tweets a user id posted, or those of whichever accounts used a screen name
 * within the window (found in the screen-name index, whose cells are named by user ids).
 */
public record UserLookup(QueryKind kind, String user, TimeWindow window, TweetLines fields, List<String> nameKeys)
    implements LookupQuery {
  static final String SCREEN_NAME_INDEX = "screen-name";
  static final String USER_TWEETS_INDEX = "user-tweets";

  static UserLookup parse(QueryKind kind, QueryRequest request) {
    return of(kind, request, request.fields());
  }

  /** The lookup of the user a request names, its tweets to be written so. */
  static UserLookup of(QueryKind kind, QueryRequest request, TweetLines fields) {
    String user = request.required(QueryParameter.USER, "a user id, a screen name or handle, or a DID").strip();
    String name = user.startsWith("@") ? user.substring(1) : user;
    if (name.startsWith("did:")) { // an account never named posted nothing: user id 0
      return new UserLookup(kind, Long.toString(request.accountId(name).orElse(0)), request.window(), fields, List.of());
    }
    if (isUserId(user)) { // written as stored: 012 is 12
      return new UserLookup(kind, Long.toString(Long.parseLong(user)), request.window(), fields, List.of());
    }
    if (isDigits(user)) {
      throw new BadQueryException("'user' is a user id out of range (above " + Long.MAX_VALUE + "): '" + user + "'");
    }
    if (!name.matches(MemeKeys.SCREEN_NAME)) {
      throw new BadQueryException("'user' is neither a user id nor a screen name: '" + request.get(QueryParameter.USER) + "'");
    }
    return new UserLookup(kind, user, request.window(), fields, request.keys(SCREEN_NAME_INDEX, name));
  }

  /** ASCII digits that fit a long: what a stored user id is written as (so never {@code ０１} nor a 20-digit number). */
  static boolean isUserId(String u) {
    if (!isDigits(u)) {
      return false;
    }
    try {
      Long.parseLong(u);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isDigits(String u) {
    return !u.isEmpty() && u.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  /** The accounts asked for: the user id, or those that used the screen name in the window. */
  record Accounts(List<String> userIds, List<org.observatory.schemas.tables.Month> months,
      List<QueryResult.Skipped> skipped) {}

  Accounts accounts(Phases phases) throws IOException {
    if (nameKeys.isEmpty()) {
      return new Accounts(List.of(user), List.of(), List.of());
    }
    IndexScanner.IndexHits accounts = phases.scanner().scan(SCREEN_NAME_INDEX, IndexKey.exact(nameKeys),
        window, false);
    TweetHits ids = accounts.distinct(); // the cells are named by user ids
    List<String> userIds = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      userIds.add(Long.toString(ids.id(i)));
    }
    return new Accounts(userIds, accounts.months(), accounts.skipped());
  }

  @Override
  public Found find(Phases phases) throws IOException {
    Accounts accounts = accounts(phases);
    if (accounts.userIds().isEmpty()) {
      return new Found(new TweetHits(), accounts.months(), accounts.skipped());
    }
    IndexScanner.IndexHits hits = tweetsOf(phases, accounts.userIds());
    List<QueryResult.Skipped> skipped = new ArrayList<>(accounts.skipped());
    skipped.addAll(hits.skipped());
    return new Found(hits.distinct().inTimeOrder(), hits.months(), skipped);
  }

  /** The tweets the accounts posted in the window, from the user-tweets index. */
  IndexScanner.IndexHits tweetsOf(Phases phases, List<String> userIds) throws IOException {
    List<String> keys = phases.keys(USER_TWEETS_INDEX, userIds);
    return phases.scanner().scan(USER_TWEETS_INDEX, IndexKey.exact(keys), window, false);
  }
}
