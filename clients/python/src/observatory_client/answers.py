"""A query's JSON answer as what analysts work with: counts and rows as DataFrames, edges as graphs."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pandas as pd

#: Columns that hold times, parsed as UTC timestamps.
_TIMES = ("time", "start", "first", "last")


def counts(answer: dict[str, Any], key: str) -> pd.DataFrame:
    """``{"counts": {key: n}}`` as a frame of ``key`` and ``count``, in the answer's order."""
    frame = pd.DataFrame(list(answer["counts"].items()), columns=[key, "count"])
    frame.attrs["meta"] = answer.get("meta", {})
    return frame


def rows(answer: dict[str, Any]) -> pd.DataFrame:
    """``{"rows": [...]}`` as a frame, its time columns as timestamps."""
    frame = pd.DataFrame(answer["rows"])
    for column in _TIMES:
        if column in frame.columns and pd.api.types.is_string_dtype(frame[column]):
            frame[column] = pd.to_datetime(frame[column], utc=True, format="ISO8601")
    frame.attrs["meta"] = answer.get("meta", {})
    return frame


def time_counts(answer: dict[str, Any]) -> pd.DataFrame:
    """timestamp-count's ``{"counts": {day or hour: n}}`` as a frame indexed by UTC time."""
    frame = counts(answer, "time")
    frame["time"] = pd.to_datetime(frame["time"], utc=True, format="ISO8601")
    return frame.set_index("time")


def graph(answer: dict[str, Any], kind: type[nx.Graph] = nx.DiGraph) -> nx.Graph:
    """Edge rows (``source``, ``target`` and attributes) as a graph; the answer's meta in ``graph.graph``.

    A multigraph keeps each edge's ``type`` as its key, so typed edges between the same users stay apart.
    Edges that name their ends (``sourceName``, ``targetName``) give the nodes a ``name``. coordinated-accounts'
    clusters give every account of them its ``cluster``, ``name`` and ``traces`` (an account of a cluster may
    have no edge among the rows a ``limit`` kept), and the rest of its summary is ``graph.graph["coordination"]``.
    """
    result = kind()
    result.graph.update(answer.get("meta", {}))
    for row in answer["rows"]:
        attributes = {k: v for k, v in row.items() if k not in ("source", "target", "sourceName", "targetName")}
        if result.is_multigraph():
            result.add_edge(row["source"], row["target"], key=attributes.get("type"), **attributes)
        else:
            result.add_edge(row["source"], row["target"], **attributes)
        for end in ("source", "target"):
            if row.get(end + "Name") is not None:
                result.nodes[row[end]]["name"] = row[end + "Name"]
    coordination = answer.get("coordination")
    if coordination is not None:
        result.graph["coordination"] = {k: v for k, v in coordination.items() if k != "clusters"}
        for cluster in coordination["clusters"]:
            for account in cluster["accounts"]:
                result.add_node(account["userId"], name=account["screenName"], cluster=cluster["cluster"],
                                traces=account["traces"])
    return result


def clusters(graph: nx.Graph) -> list[list[Any]]:
    """A coordinated-accounts graph's clusters, each its accounts in id order, the largest first."""
    groups: dict[int, list[Any]] = {}
    for node, cluster in graph.nodes(data="cluster"):
        if cluster is not None:
            groups.setdefault(cluster, []).append(node)
    return [sorted(groups[number]) for number in sorted(groups)]
