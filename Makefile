# NetSizer — the two promises of the README:
#   make run   installs what is missing, builds, opens the designer on the VGG16 example
#   make test  installs what is missing, builds, runs every test (CTest, offscreen)
#   make fuzz  builds the readers' libFuzzer targets (clang, ASan, UBSan; build-fuzz/) and runs
#              each for FUZZ_TIME seconds (scripts/fuzz.sh)
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
EXAMPLE ?= resources/examples/vgg16.json
FUZZ_TIME ?= 120

.PHONY: all deps configure build run test bench fuzz clean

all: build

deps:
	./scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	./$(BUILD_DIR)/app/netsizer $(EXAMPLE)

test: build
	-./scripts/install-test-extras.sh
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

bench: build
	./$(BUILD_DIR)/tests/bench/netsizer-bench-core

fuzz: deps
	FUZZ_TIME=$(FUZZ_TIME) FUZZ_JOBS=$(JOBS) ./scripts/fuzz.sh

clean:
	rm -rf $(BUILD_DIR)
