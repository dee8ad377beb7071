#include "tests/io/WeightfulOnnx.h"

#include <onnx/onnx_pb.h>

#include <fstream>

namespace netsizer::test {

void writeWeightfulOnnx(const std::string& path, int layers, int width)
{
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("netsizer-bench-import");
    m.add_opset_import()->set_version(13);
    onnx::GraphProto& g = *m.mutable_graph();
    g.set_name("weightful_mlp");
    auto* in = g.add_input();
    in->set_name("x");
    auto* t = in->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    t->mutable_shape()->add_dim()->set_dim_param("N");
    t->mutable_shape()->add_dim()->set_dim_value(width);
    std::string x = "x";
    for (int i = 0; i < layers; ++i) {
        const std::string w = "fc" + std::to_string(i) + ".weight", b = "fc" + std::to_string(i) + ".bias";
        auto* wt = g.add_initializer();
        wt->set_name(w);
        wt->set_data_type(onnx::TensorProto::FLOAT);
        wt->add_dims(width);
        wt->add_dims(width);
        wt->mutable_raw_data()->assign(static_cast<std::size_t>(width) * width * 4, '\1');
        auto* bt = g.add_initializer();
        bt->set_name(b);
        bt->set_data_type(onnx::TensorProto::FLOAT);
        bt->add_dims(width);
        bt->mutable_raw_data()->assign(static_cast<std::size_t>(width) * 4, '\0');
        auto* gemm = g.add_node();
        gemm->set_op_type("Gemm");
        gemm->set_name("/fc" + std::to_string(i) + "/Gemm");
        gemm->add_input(x);
        gemm->add_input(w);
        gemm->add_input(b);
        auto* transB = gemm->add_attribute();
        transB->set_name("transB");
        transB->set_type(onnx::AttributeProto::INT);
        transB->set_i(1);
        gemm->add_output("h" + std::to_string(i));
        auto* relu = g.add_node();
        relu->set_op_type("Relu");
        relu->set_name("/relu" + std::to_string(i) + "/Relu");
        relu->add_input("h" + std::to_string(i));
        x = "a" + std::to_string(i);
        relu->add_output(x);
    }
    auto* out = g.add_output();
    out->set_name(x);
    out->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    std::ofstream f(path, std::ios::binary);
    m.SerializeToOstream(&f);
}

} // namespace netsizer::test
