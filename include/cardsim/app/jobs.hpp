// The application floor: every job a front end runs, listed in one place, as
// OpenMC's capi.h lists its entry points. Each takes a front-end-neutral
// request (a fresh job or a resumed one, its checkpoint, its shard, how it
// runs; the front end's names for the settings, settings.hpp) and returns
// its result JSON, checkpoint and summary; the front ends (src/cli/,
// python/src/) only translate flags or keywords into the request, watch the
// run (progress, the stop flag) and write the outputs (io::Outputs).
//
//   job                request / start            front ends
//   SimJob             SimRequest, start()        cardsim sim, cardsim.sim
//   PairedJob          variants + options         cardsim compare / sweep, cardsim.compare / sweep
//   ZjhSimJob          ZjhSimRequest, start()     cardsim zjh sim, cardsim.zjh.sim
//   run_analyze_job    AnalyzeRequest             cardsim analyze, cardsim.analyze
//   run_bench          BenchRequest (bench.hpp)   cardsim bench, cardsim.bench
//   run_evaluator      EvaluatorRequest           cardsim bench --evaluator, cardsim.bench(evaluator=)
//   (merge: io::merge_shard_files, the shards of any of them: cardsim merge, cardsim.merge)
#pragma once

#include "cardsim/app/analyze_job.hpp"  // IWYU pragma: export
#include "cardsim/app/bench.hpp"        // IWYU pragma: export
#include "cardsim/app/paired_job.hpp"   // IWYU pragma: export
#include "cardsim/app/settings.hpp"     // IWYU pragma: export
#include "cardsim/app/sim_job.hpp"      // IWYU pragma: export
#include "cardsim/app/variants.hpp"     // IWYU pragma: export
#include "cardsim/app/zjh_job.hpp"      // IWYU pragma: export
