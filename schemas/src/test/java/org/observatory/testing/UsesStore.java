package org.observatory.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that needs a store: the HBase mini cluster, an embedded HBase, the application or a
 * cluster. Tagged {@value #TAG}, so that {@code mvn test -DexcludedGroups=store} runs every other test,
 * the fast loop. The fixtures that start a store {@link Guard#check} that their caller carries it, so a
 * class cannot slip a store into the fast loop untagged.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(UsesStore.TAG)
public @interface UsesStore {
  String TAG = "store";

  /** What the fixtures that start a store call. */
  final class Guard {
    private Guard() {}

    /** Throws unless a class on the calling thread's stack (or one it is nested in) is marked {@link UsesStore}. */
    public static void check() {
      boolean marked = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
          .walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass).anyMatch(Guard::marked));
      if (!marked) {
        throw new IllegalStateException("a test that starts a store must be marked @UsesStore (tag '" + TAG
            + "'), or the fast loop (-DexcludedGroups=" + TAG + ") would start it");
      }
    }

    private static boolean marked(Class<?> type) {
      for (Class<?> c = type; c != null; c = c.getEnclosingClass() != null ? c.getEnclosingClass() : c.getSuperclass()) {
        if (c.isAnnotationPresent(UsesStore.class)) {
          return true;
        }
      }
      return false;
    }
  }
}
