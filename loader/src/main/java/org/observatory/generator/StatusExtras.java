package org.observatory.generator;

import java.util.SplittableRandom;

/**
 * What a status carries besides its content, in the real days' shares: the client it was posted from
 * (phones a good half), and a place for 1.5 % of statuses, a third of those with exact coordinates.
 *
 * @param place null for most statuses
 * @param coordinates longitude and latitude, or null
 */
record StatusExtras(String source, Place place, double[] coordinates) {
  /** A Twitter place: a city or a country, with its bounding box. */
  record Place(String id, String type, String name, String fullName, String countryCode, String country,
      double west, double south, double east, double north) {}

  /** A client, and the share of statuses posted from it. */
  private record Source(double share, String html) {}

  private static final Source[] SOURCES = {
      new Source(0.30, "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>"),
      new Source(0.24, "<a href=\"http://twitter.com/download/android\" rel=\"nofollow\">Twitter for Android</a>"),
      new Source(0.12, "<a href=\"http://twitter.com\" rel=\"nofollow\">Twitter Web Client</a>"),
      new Source(0.04, "<a href=\"http://twittbot.net/\" rel=\"nofollow\">twittbot.net</a>"),
      new Source(0.04, "<a href=\"https://about.twitter.com/products/tweetdeck\" rel=\"nofollow\">TweetDeck</a>"),
      new Source(0.03, "<a href=\"http://ifttt.com\" rel=\"nofollow\">IFTTT</a>"),
      new Source(0.03, "<a href=\"http://blackberry.com/twitter\" rel=\"nofollow\">Twitter for BlackBerry®</a>"),
      new Source(0.03, "<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Mobile Web (M5)</a>"),
      new Source(0.02, "<a href=\"http://twitter.com/#!/download/ipad\" rel=\"nofollow\">Twitter for iPad</a>"),
      new Source(0.02, "<a href=\"http://instagram.com\" rel=\"nofollow\">Instagram</a>")};
  private static final Place[] PLACES = {
      new Place("01a9a39529b27f36", "city", "Manhattan", "Manhattan, NY", "US", "United States", -74.026675, 40.683935, -73.910408, 40.877483),
      new Place("3b77caf94bfc81fe", "city", "Los Angeles", "Los Angeles, CA", "US", "United States", -118.668404, 33.704538, -118.155409, 34.337041),
      new Place("3797791ff9c0e4c6", "city", "Chiyoda-ku", "Chiyoda-ku, Tokyo", "JP", "日本", 139.729183, 35.665961, 139.783425, 35.703403),
      new Place("b850c1bfd38f30e0", "admin", "DKI Jakarta", "Jakarta Capital Region, Indonesia", "ID", "Indonesia", 106.390978, -6.370783, 106.973853, -5.184322),
      new Place("457b4814b4240d87", "city", "London", "London, England", "GB", "United Kingdom", -0.187894, 51.483718, -0.109978, 51.516466),
      new Place("206e932cc0e89fa2", "city", "Madrid", "Madrid, Comunidad de Madrid", "ES", "España", -3.888954, 40.312064, -3.517916, 40.643425),
      new Place("b0d2e2a1f2e2b3b4", "country", "المملكة العربية السعودية", "المملكة العربية السعودية", "SA", "المملكة العربية السعودية", 34.495688, 16.37946, 55.666584, 32.154284),
      new Place("68e019afec7d0ba5", "city", "São Paulo", "São Paulo, Brasil", "BR", "Brasil", -46.826039, -24.008814, -46.365052, -23.356792),
      new Place("8f3b1a4d5c6e7f80", "city", "서울특별시", "서울특별시, 대한민국", "KR", "대한민국", 126.764468, 37.428294, 127.184178, 37.701012),
      new Place("9a8b7c6d5e4f3a2b", "city", "Bangkok", "Bangkok, Thailand", "TH", "ประเทศไทย", 100.327874, 13.493968, 100.938543, 13.955423)};

  static StatusExtras draw(SplittableRandom random) {
    double r = random.nextDouble();
    String source = null;
    for (Source s : SOURCES) {
      r -= s.share();
      if (r < 0) {
        source = s.html();
        break;
      }
    }
    if (source == null) { // the long tail of clients
      int app = random.nextInt(500);
      source = "<a href=\"http://app" + app + ".example.com\" rel=\"nofollow\">App " + app + "</a>";
    }
    Place place = null;
    double[] coordinates = null;
    if (random.nextDouble() < 0.015) {
      place = PLACES[random.nextInt(PLACES.length)];
      if (random.nextInt(3) == 0) {
        coordinates = new double[] {place.west + random.nextDouble() * (place.east - place.west),
            place.south + random.nextDouble() * (place.north - place.south)};
      }
    }
    return new StatusExtras(source, place, coordinates);
  }
}
