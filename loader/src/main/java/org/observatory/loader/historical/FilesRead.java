package org.observatory.loader.historical;

import java.util.List;
import java.util.Set;
import org.observatory.loader.LoadCounters;
import org.observatory.schemas.tables.WrittenHours;

/**
 * What a load's files held beside their cells: the counts, the ids their delete notices name (erased
 * once everything is written), the tweets among them whose cells were left out of the load's HFiles
 * instead ({@link DeletedCells}), and the hours written (moved on in the counts table).
 */
record FilesRead(LoadCounters counters, List<Long> deletedIds, Set<Long> erasedIds, WrittenHours hours) {}
