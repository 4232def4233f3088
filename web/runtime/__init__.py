"""Starting Python in the browser and keeping it fast: the snapshot, the bytecode kept
between visits, the computer players' worker."""
