#include "sim/run/bench_scaling.hpp"

#include "sim/run/bench_suite.hpp"
#include "sim/run/driver.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace volley {

std::string scaling_firefight(int units) {
  // Each side a block of rows of up to 32 units, 4" apart; the blocks 12" apart across the middle.
  const int per_side = std::max(1, units / 2);
  const int columns = std::min(per_side, 32);
  const int rows = (per_side + columns - 1) / columns;
  const int width = columns * 4 + 8;
  const int depth = 2 * rows * 6 + 24;
  std::string s = "kind = \"firefight\"\ntitle = \"scaling: " + std::to_string(units) +
                  " units\"\nturns = 8\n"
                  "sides = [\"herero\", \"german\"]\n[table]\nwidth = " +
                  std::to_string(width) + "\ndepth = " + std::to_string(depth) +
                  "\n"
                  "[herero]\nfast_fire = true\nnative = true\npolicy = \"always\"\n[german]\nprone_rule = true\n";
  for (int i = 0; i < per_side; ++i) {
    const int x = 4 + 4 * (i % columns);
    const int row = i / columns;
    const int herero_y = depth - 6 - row * 6, german_y = 6 + row * 6;
    s += "[[herero.units]]\nname = \"H" + std::to_string(i) +
         "\"\nfigures = 8\nhidden = true\norders = \"advance\"\ntarget_class = 3\n"
         "zone = [" +
         std::to_string(x - 1) + ", " + std::to_string(herero_y - 2) + ", " + std::to_string(x + 1) + ", " + std::to_string(herero_y + 2) +
         "]\n";
    s += "[[german.units]]\nname = \"Z" + std::to_string(i) +
         "\"\nfigures = 10\ntarget_class = 2\n"
         "zone = [" +
         std::to_string(x - 1) + ", " + std::to_string(german_y - 2) + ", " + std::to_string(x + 1) + ", " + std::to_string(german_y + 2) +
         "]\n";
  }
  return s;
}

std::string scaling_barrage(int units) {
  const int columns = std::max(1, std::min(units, 16));
  const int rows = (units + columns - 1) / columns;
  const int depth = std::max(48, 24 + rows * 4);
  std::string s = "kind = \"barrage\"\ntitle = \"scaling: " + std::to_string(units) +
                  " units\"\nturns = 8\n"
                  "sides = [\"british\", \"german\"]\nattacker = \"british\"\n[table]\nwidth = 72\ndepth = " +
                  std::to_string(depth) +
                  "\n"
                  "[british]\nnation = \"commonwealth\"\nhome_edge = \"south\"\n[german]\nnation = \"germany\"\nhome_edge = \"north\"\n";
  const char* batteries[] = {"A", "B", "C"};
  for (int b = 0; b < 3; ++b) {
    s += "[[british.batteries]]\nname = \"" + std::string(batteries[b]) + "\"\nfire_dice = 4\n";
    s += "[[british.missions]]\nname = \"RB" + std::to_string(b) + "\"\nbattery = \"" + batteries[b] +
         "\"\ntype = \"rolling\"\n"
         "start_turn = 1\nsheaf = \"regular\"\nstart = [" +
         std::to_string(30 + 6 * b) + ", 12]\ndirection = [0, 1]\nspeed = 6\n";
  }
  for (int u = 0; u < units; ++u) {
    const int x = 4 + (u % columns) * 4;
    const int y = 20 + (u / columns) * 4;
    s += "[[german.units]]\nname = \"G" + std::to_string(u) + "\"\nposition = [" + std::to_string(x) + ", " + std::to_string(y) + "]\n";
  }
  return s;
}

void print_scaling_table(int threads) {
  using Clock = std::chrono::steady_clock;
  std::printf("%-10s %7s %14s %16s %14s\n", "kernel", "units", "trials/s", "us/trial/thread", "per unit (ns)");
  for (const char* kind : {"firefight", "barrage"}) {
    for (int units : {8, 32, 128, 512}) {
      const std::string text = std::string(kind) == "firefight" ? scaling_firefight(units) : scaling_barrage(units);
      const auto model = load_model(ScenarioDocument::from_string(text, std::string("scaling-") + kind + "-" + std::to_string(units)));
      const auto job = model->make_job(BenchSeed);
      RunPlan plan;
      plan.threads = threads;
      plan.trials = 4096;  // a first block, to size the run to about a second
      auto start = Clock::now();
      run_trials(*job, plan);
      double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      plan.trials = std::max<uint64_t>(4096, static_cast<uint64_t>(4096 * 1.0 / std::max(seconds, 1e-6)));
      start = Clock::now();
      run_trials(*job, plan);
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
      const double rate = static_cast<double>(plan.trials) / seconds;
      const int t = threads > 0 ? threads : 1;
      const double us = 1e6 / rate * t;
      std::printf("%-10s %7d %14.0f %16.2f %14.1f\n", kind, units, rate, us, us * 1000 / units);
      std::fflush(stdout);
    }
  }
}

}  // namespace volley
