package org.observatory.loader.historical;

/**
 * Where a map task's line is: its file's place among the files of the task's split, and its number in
 * that file, from 1.
 */
record FileLine(int file, long number) {}
