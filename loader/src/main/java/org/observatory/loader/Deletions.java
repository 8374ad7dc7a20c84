package org.observatory.loader;

/**
 * What honouring delete notices takes: the tombstones that keep tweets out, the eraser that removes
 * them. {@link LoaderKit#deletions} builds it.
 */
public record Deletions(Tombstones tombstones, TweetEraser eraser) {}
