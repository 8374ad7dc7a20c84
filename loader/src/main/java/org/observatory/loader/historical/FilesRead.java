package org.observatory.loader.historical;

import java.util.List;
import org.observatory.loader.LoadCounters;
import org.observatory.schemas.tables.WrittenHours;

/**
 * What a load's files held beside their cells: the counts, the ids their delete notices name (erased
 * once everything is written), and the hours written (moved on in the counts table).
 */
record FilesRead(LoadCounters counters, List<Long> deletedIds, WrittenHours hours) {}
