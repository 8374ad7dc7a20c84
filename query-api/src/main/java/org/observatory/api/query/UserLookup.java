package org.observatory.api.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * get-tweets-with-user: the tweets a user id posted, or those of whichever accounts used a screen name
 * within the window (found in the screen-name index, whose cells are named by user ids).
 */
public record UserLookup(QueryKind kind, String user, TimeWindow window, TweetLines fields, List<String> nameKeys)
    implements LookupQuery {
  static final String SCREEN_NAME_INDEX = "screen-name";
  static final String USER_TWEETS_INDEX = "user-tweets";

  static UserLookup parse(QueryKind kind, QueryRequest request) {
    String user = request.required("user", "a user id, or a screen name").strip();
    String name = user.startsWith("@") ? user.substring(1) : user;
    if (isUserId(user)) {
      return new UserLookup(kind, user, request.window(), request.fields(), List.of());
    }
    if (!name.matches("[A-Za-z0-9_]{1,50}")) {
      throw new BadQueryException("'user' is neither a user id nor a screen name: '" + request.get("user") + "'");
    }
    return new UserLookup(kind, user, request.window(), request.fields(), request.keys(SCREEN_NAME_INDEX, name));
  }

  static boolean isUserId(String u) {
    return !u.isEmpty() && u.length() <= 19 && u.chars().allMatch(Character::isDigit);
  }

  @Override
  public Found find(QueryEngine engine) throws IOException {
    List<String> userIds;
    List<QueryResult.Skipped> skipped = new ArrayList<>();
    if (nameKeys.isEmpty()) {
      userIds = List.of(user);
    } else {
      IndexScanner.IndexHits accounts = engine.scanner().scan(SCREEN_NAME_INDEX, IndexScanner.Key.exact(nameKeys),
          window, false);
      TweetHits ids = accounts.distinct(); // the cells are named by user ids
      userIds = new ArrayList<>();
      for (int i = 0; i < ids.size(); i++) {
        userIds.add(Long.toString(ids.id(i)));
      }
      skipped.addAll(accounts.skipped());
      if (userIds.isEmpty()) {
        return new Found(new TweetHits(), accounts.months(), skipped);
      }
    }
    List<String> keys = engine.keys(USER_TWEETS_INDEX, userIds);
    IndexScanner.IndexHits hits = engine.scanner().scan(USER_TWEETS_INDEX, IndexScanner.Key.exact(keys), window, false);
    skipped.addAll(hits.skipped());
    return new Found(hits.distinct().inTimeOrder(), hits.months(), skipped);
  }
}
