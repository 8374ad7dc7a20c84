package org.observatory.indexer;

/**
 * One cell of an index: row key, the id naming the cell, and its value (null for none). The cell's
 * timestamp is not chosen here: it is always the tweet's creation time.
 */
public record IndexEntry(String key, long qualifierId, byte[] value) {}
