#pragma once
// Keeps freed heap memory in the process instead of handing it back to the kernel at once.
//
// Every structural edit analyses the network and estimates it again: a few hundred kilobytes
// to a few megabytes allocated and freed per edit. glibc's malloc gives the top of the heap back
// (brk) whenever more than M_TRIM_THRESHOLD is free there — a threshold it adapts to the largest
// block freed so far — so depending on the sizes involved each edit can re-fault every page it
// writes. On this project's machine (a VM) a page fault costs ~15 µs: a 1,000-layer analysis +
// estimate went from 0.2 ms to 3.3 ms when the sizes crossed that line (docs/benchmarks.md).
//
// Call once at program start (netsizer, netsizer-cli and the benchmarks do). Sets fixed
// thresholds: blocks up to 64 MiB come from the heap, and up to 256 MiB of free heap is kept.
// No effect with a C library other than glibc.
namespace netsizer::core {

void keepFreedHeapMemory();

} // namespace netsizer::core
