package org.observatory.generator;

import java.util.SplittableRandom;

/**
 * The settled part of a generated account's v1.1 user object, in the shares the real days show: about
 * 60 % give a location, 85 % a description, 30 % a URL, 55 % a time zone, 78 % a banner, and half keep
 * the default colours. The counts that move with every status are the writer's.
 */
record Profile(String lang, String location, String url, String description, String timeZone, Integer utcOffset,
    long createdAtSeconds, String imagePath, Long bannerSeconds, String[] colors, boolean geoEnabled) {
  private static final String[] DEFAULT_COLORS = {"C0DEED", "0084B4", "C0DEED", "DDEEF6", "333333"};
  private static final String[] LOCATIONS = {"Tokyo", "東京都", "大阪", "Jakarta, Indonesia", "London", "New York, NY",
      "Los Angeles, CA", "México", "Madrid, España", "Buenos Aires", "São Paulo, Brasil", "Paris, France",
      "Istanbul, Türkiye", "الرياض", "Kuwait", "서울", "กรุงเทพมหานคร", "Manila, Philippines", "Москва",
      "Toronto, Ontario", "Chicago, IL", "Texas, USA", "Bandung", "Caracas, Venezuela", "Lagos, Nigeria",
      "Mumbai, India", "Amsterdam", "Berlin, Deutschland", "Roma", "Everywhere", "in my room ✨", "earth"};
  private static final String[][] TIME_ZONES = {{"Tokyo", "32400"}, {"Osaka", "32400"}, {"Jakarta", "25200"},
      {"Pacific Time (US & Canada)", "-28800"}, {"Eastern Time (US & Canada)", "-18000"},
      {"Central Time (US & Canada)", "-21600"}, {"London", "0"}, {"Madrid", "3600"}, {"Amsterdam", "3600"},
      {"Seoul", "32400"}, {"Bangkok", "25200"}, {"Riyadh", "10800"}, {"Baghdad", "10800"}, {"Brasilia", "-7200"},
      {"Quito", "-18000"}, {"Mexico City", "-21600"}, {"Istanbul", "7200"}, {"Moscow", "10800"}, {"Hawaii", "-36000"}};
  private static final String BASE62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  /** An account's profile, drawn once from its own random sequence; it opened before {@code beforeSeconds}. */
  static Profile draw(long userId, SplittableRandom random, Languages languages, long beforeSeconds) {
    Languages.Language lang = languages.draw(random);
    long created = beforeSeconds - 1 - random.nextInt(5 * 365 * 86_400);
    String description = null;
    if (random.nextDouble() < 0.85) {
      StringBuilder d = new StringBuilder();
      int words = 4 + random.nextInt(22);
      for (int i = 0; i < words; i++) {
        d.append(i == 0 ? "" : " ").append(random.nextInt(12) == 0 ? "|" : languages.word(lang, random));
      }
      if (random.nextDouble() < 0.25) { // a link to elsewhere, as many profiles have
        d.append(" http://t.co/").append(base62(random, 10));
      }
      description = d.toString();
    }
    String[] tz = random.nextDouble() < 0.55 ? TIME_ZONES[random.nextInt(TIME_ZONES.length)] : null;
    String[] colors = DEFAULT_COLORS;
    if (random.nextDouble() < 0.5) {
      colors = new String[5];
      for (int i = 0; i < 5; i++) {
        colors[i] = String.format("%06X", random.nextInt(1 << 24));
      }
    }
    return new Profile(lang.code(),
        random.nextDouble() < 0.6 ? LOCATIONS[random.nextInt(LOCATIONS.length)] : null,
        random.nextDouble() < 0.3 ? "http://t.co/" + base62(random, 10) : null,
        description, tz == null ? null : tz[0], tz == null ? null : Integer.valueOf(tz[1]), created,
        "profile_images/" + (userId * 7919 + random.nextInt(1_000_000)) + "/" + base62(random, 8) + "_normal.jpeg",
        random.nextDouble() < 0.78 ? created + random.nextInt(86_400 * 300) : null, colors, random.nextDouble() < 0.38);
  }

  boolean defaultProfile() {
    return colors == DEFAULT_COLORS;
  }

  static String base62(SplittableRandom random, int length) {
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append(BASE62.charAt(random.nextInt(BASE62.length())));
    }
    return s.toString();
  }
}
